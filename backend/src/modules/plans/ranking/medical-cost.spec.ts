import {
  buildPlan,
  cell,
  copay,
  hospitalStay,
  institutional,
  officeVisit,
  professional,
  share,
} from '../../../../test/factories/plan.factory';
import { categorizeClaims, type RankableClaim } from './care-categories';
import { maMedicalCost } from './medical-cost';

const costOf = (plan: ReturnType<typeof buildPlan>, claims: RankableClaim[]) => maMedicalCost(plan, categorizeClaims(claims).units);
const lineOf = (result: ReturnType<typeof maMedicalCost>, label: string) => result.lines.find((line) => line.label === label);

describe('maMedicalCost', () => {
  it('charges a copay per visit, never more than the visit cost', () => {
    const plan = buildPlan();
    const result = costOf(plan, [
      officeVisit('2025-01-10', 110),
      officeVisit('2025-02-10', 110),
      officeVisit('2025-03-10', 110),
      officeVisit('2025-04-10', 3),
    ]);
    // 3 x $5 + $3 (the fourth visit cost $3) = $18
    expect(result.total).toBe(1800);
    expect(lineOf(result, 'Primary doctor visits')).toEqual({
      label: 'Primary doctor visits',
      planText: 'In-network: $5 copay',
      calculation: "4 primary doctor visits x $5 copay, 1 of them capped at the service's own cost = $18.00",
      amount: 1800,
      count: 4,
    });
  });

  it('uses the top of a copay range and says so', () => {
    const plan = buildPlan();
    const result = costOf(plan, [institutional('outpatient', '2025-02-02', [{ revenue: '0360', code: '45380', allowed: 1900 }])]);
    expect(result.total).toBe(30000);
    expect(lineOf(result, 'Outpatient hospital and surgery')?.calculation).toBe(
      '1 outpatient bill x $300 copay (the top of $0-$300) = $300.00',
    );
  });

  it('takes a coinsurance of the category total once', () => {
    const plan = buildPlan();
    const claims = [1, 2, 3].map((month) => professional(`2025-0${month}-05`, [{ code: 'E0601', placeOfService: '12', allowed: 33.33 }]));
    const result = costOf(plan, claims);
    // 20% of $99.99 = $20.00 (19.998), one rounding; per bill it would be 3 x $6.67 = $20.01.
    expect(result.total).toBe(2000);
    expect(lineOf(result, 'Medical equipment and supplies')?.calculation).toBe('3 equipment bills: 20% coinsurance of $99.99 = $20.00');
  });

  it('costs a hospital stay by its per-day bands', () => {
    const plan = buildPlan();
    const result = costOf(plan, [hospitalStay('2025-05-01', 10, 30000)]);
    // days 1-7 at $290, days 8-10 at $0
    expect(result.total).toBe(203000);
    expect(lineOf(result, 'Hospital stays')?.calculation).toBe(
      '1 hospital stay (10 days) x $290 a day for days 1-7, $0 a day for days 8-90 = $2,030.00',
    );
  });

  it('costs preventive care at $0 whatever the plan page says', () => {
    const plan = buildPlan({ services: { preventive: cell('In-network: $20 copay', copay(20)) } });
    const result = costOf(plan, [professional('2025-01-01', [{ code: 'G0439', allowed: 175 }])]);
    expect(result.total).toBe(0);
    expect(lineOf(result, 'Preventive care')?.calculation).toBe('1 preventive service: $0 by law = $0.00');
  });

  it('has the member pay the full cost until the health deductible is met, then the cost-share (preventive exempt)', () => {
    const plan = buildPlan({ healthDeductible: 250 });
    const result = costOf(plan, [
      professional('2025-01-05', [{ code: 'G0439', allowed: 175 }]),
      officeVisit('2025-01-10', 100),
      officeVisit('2025-02-10', 100),
      officeVisit('2025-03-10', 100),
      officeVisit('2025-04-10', 100),
    ]);
    // $100 + $100 + $50 to the deductible; the third visit's other $50 gets the $5 copay; the fourth $5.
    expect(result.total).toBe(25000 + 500 + 500);
    expect(result.lines[0]).toMatchObject({ label: 'Health deductible', amount: 25000, count: 3 });
    expect(lineOf(result, 'Primary doctor visits')).toMatchObject({
      amount: 1000,
      calculation: '2 of 4 primary doctor visits x $5 copay = $10.00; 2 paid in full in the deductible',
    });
  });

  it('caps covered cost-sharing at the in-network MOOP, but not the cost of care the plan does not cover', () => {
    const plan = buildPlan({
      moopInNetwork: 2000,
      moopText: '$2,000 In-network',
      services: { ...buildPlan().services, physicalTherapy: cell('Not covered', share({ notCovered: true })) },
    });
    const result = costOf(plan, [hospitalStay('2025-05-01', 7, 40000), professional('2025-06-01', [{ code: '97110', allowed: 80 }])]);
    // stay: 7 x $290 = $2,030, capped at $2,000; therapy not covered: $80 in full on top.
    expect(result.subtotal).toBe(203000 + 8000);
    expect(result.capped).toBe(true);
    expect(result.total).toBe(200000 + 8000);
    expect(result.lines.at(-1)).toMatchObject({
      label: 'Maximum out-of-pocket (in network)',
      amount: -3000,
      planText: '$2,000 In-network',
    });
    expect(result.lines.reduce((total, line) => total + line.amount, 0)).toBe(result.total);
  });

  it('costs a category the plan does not price, or whose text could not be read, at 20% and says so', () => {
    const plan = buildPlan({ services: { mentalHealth: cell('See plan documents', share()) } });
    const result = costOf(plan, [
      professional('2025-01-01', [{ code: '90834', allowed: 150 }]),
      professional('2025-01-02', [{ code: '90960', placeOfService: '65', allowed: 300 }]),
    ]);
    expect(result.total).toBe(3000 + 6000);
    expect(result.unreadCategories).toEqual(['mentalHealth', 'dialysis']);
    expect(lineOf(result, 'Mental health care')?.calculation).toContain("the plan's text could not be read: 20% assumed");
    expect(lineOf(result, 'Dialysis')?.calculation).toContain("the plan's page gives no cost for this: 20% assumed");
  });

  it('takes the costlier of a copay and a coinsurance given together, and adds a percent to a per-stay amount', () => {
    const plan = buildPlan({
      services: {
        specialist: cell('$40 copay, 20% coinsurance', share({ copay: { min: 40, max: 40 }, coinsurance: { min: 20, max: 20 } })),
        inpatient: cell('$100 and 20% per stay', share({ perStay: 100, coinsurance: { min: 20, max: 20 } })),
      },
    });
    const result = costOf(plan, [
      officeVisit('2025-01-01', 300, 'A'),
      officeVisit('2025-01-02', 100, 'A'),
      officeVisit('2025-02-01', 500, 'B'),
      hospitalStay('2025-03-01', 2, 1000),
    ]);
    // specialist (B): max($40, 20% x $500 = $100) = $100; stay: $100 + 20% x $1,000 = $300.
    expect(lineOf(result, 'Specialist visits')?.amount).toBe(10000);
    expect(lineOf(result, 'Hospital stays')?.amount).toBe(30000);
  });
});
