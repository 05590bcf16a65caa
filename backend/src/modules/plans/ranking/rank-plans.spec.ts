import type { CataloguePlan, MemberCostInputs } from '../plan-types';
import {
  buildPlan,
  cell,
  coinsurance,
  copay,
  drug,
  institutional,
  officeVisit,
  professional,
  tier,
} from '../../../../test/factories/plan.factory';
import { NO_NET_IMPACT, rankPlans } from './rank-plans';

const DATA_AS_OF = '2026-01-14';

/** Two concrete plans and a small member: every total below is computed by hand. */
function handComputed(): { sunrise: CataloguePlan; valley: CataloguePlan; inputs: MemberCostInputs } {
  const sunrise = buildPlan({
    bidId: 'H1111_001_0',
    name: 'Sunrise Advantage (HMO)',
    carrier: 'Sunrise Health',
    planType: 'HMO',
    network: 'In-network only',
    premiums: { total: 0, partC: 0, partD: 0, partBReduction: 10 },
    healthDeductible: 0,
    drugDeductible: 0,
    moopInNetwork: 4900,
    services: {
      primaryCare: cell('In-network: $0 copay', copay(0)),
      specialist: cell('In-network: $35 copay', copay(35)),
      labs: cell('In-network: $0 copay', copay(0)),
      emergency: cell('In-network: $110 copay', copay(110)),
      diagnosticRadiology: cell('In-network: $0-$200 copay', copay(200, 0)),
    },
    drugTiers: [
      tier(1, 'Preferred Generic', '$0.00 copay', copay(0)),
      tier(2, 'Generic', '$8.00 copay', copay(8)),
      tier(3, 'Preferred Brand', '$42.00 copay', copay(42)),
      tier(4, 'Non-Preferred Drug', '45% coinsurance', coinsurance(45)),
      tier(5, 'Specialty Tier', '33% coinsurance', coinsurance(33)),
    ],
    stars: { overall: 4.5, healthPlan: 4.5, drugPlan: 4 },
  });
  const valley = buildPlan({
    bidId: 'S2222_002_0',
    name: 'Valley Choice Rx (PDP)',
    carrier: 'Valley Insurance',
    planTypeLabel: 'Medicare drug plan',
    planType: 'PDP',
    category: 'PDP',
    network: 'Pharmacy network',
    premiums: { total: 38.5, partC: 0, partD: 38.5, partBReduction: 0 },
    healthDeductible: null,
    drugDeductible: 615,
    moopInNetwork: null,
    moopText: null,
    services: {},
    drugTiers: [
      tier(1, 'Preferred Generic', '$1.00 copay', copay(1)),
      tier(2, 'Generic', '$5.00 copay', copay(5)),
      tier(3, 'Preferred Brand', '20% coinsurance', coinsurance(20)),
      tier(4, 'Non-Preferred Drug', '40% coinsurance', coinsurance(40)),
      tier(5, 'Specialty Tier', '25% coinsurance', coinsurance(25)),
    ],
    stars: { overall: 3.5, healthPlan: null, drugPlan: 3.5 },
  });
  const inputs: MemberCostInputs = {
    from: '2025-01-01',
    to: '2025-12-31',
    claims: [
      professional(
        '2025-01-15',
        [
          { code: '99214', allowed: 150 },
          { code: '80053', allowed: 20 },
        ],
        { provider: 'Dr. Lee' },
      ),
      professional('2025-02-20', [{ code: 'G0439', allowed: 175 }], { provider: 'Dr. Lee' }),
      officeVisit('2025-04-10', 110, 'Dr. Lee'),
      officeVisit('2025-06-05', 180, 'Dr. Patel'),
      institutional('outpatient', '2025-08-12', [{ revenue: '0450', code: '99284', allowed: 1400 }]),
      professional('2025-08-12', [{ code: '99284', placeOfService: '23', allowed: 250 }]),
      institutional('outpatient', '2025-09-01', [{ revenue: '0610', code: '72148', allowed: 600 }]),
    ],
    drugs: [
      drug('Atorvastatin 20 mg', { kind: 'generic', monthlyCost: 8, fills: 12, daysSupplied: 360 }),
      drug('Eliquis 5 mg', { kind: 'brand', monthlyCost: 560, fills: 4, daysSupplied: 360 }),
    ],
  };
  return { sunrise, valley, inputs };
}

describe('rankPlans: two plans computed by hand', () => {
  /*
   * Sunrise Advantage (HMO), an MA-PD plan:
   *   premium: $0 x 12 - $10 Part B reduction x 12                                    = -$120.00
   *   Dr. Lee has 2 office visits, Dr. Patel 1: Dr. Lee is the primary doctor.
   *   primary doctor 2 x $0; labs $0; wellness visit $0 (preventive)                     $0.00
   *   specialist (Dr. Patel) 1 x $35                                                     $35.00
   *   ER: the facility ($1,400) and the doctor ($250) the same day: 1 visit x $110       $110.00
   *   MRI: $0-$200 copay, the top                                                        $200.00
   *   medical                                                                            $345.00
   *   Atorvastatin (generic, tier 1 $0) 12 x $0; Eliquis (brand $560, tier 3) 12 x $42   $504.00
   *   total: -120 + 345 + 504                                                            $729.00
   *
   * Valley Choice Rx (PDP), medical under Original Medicare 2026:
   *   premium: $38.50 x 12                                                               $462.00
   *   Part B deductible $283, in date order: (lab exempt: clinical labs are $0), visit
   *     $150, (wellness exempt), visit $110, then $23 of the specialist's $180           $283.00
   *   20% of: visits $0 left, specialist $157 = $31.40, ER $1,650 = $330, MRI $600 = $120,
   *     labs $0                                                                          $481.40
   *   medical                                                                            $764.40
   *   drugs, deductible $615, fills interleaved over the year (atorvastatin first):
   *     fill 1: $8 + $560, fill 2: $8 + $39 to the deductible (= $615), Eliquis' other
   *     $521 x 20% = $104.20; fills 3-12: 10 x $1 + 10 x 20% x $560 ($1,120)
   *     atorvastatin $16 + $10 = $26; Eliquis $599 + $104.20 + $1,120 = $1,823.20       $1,849.20
   *   total: 462 + 764.40 + 1,849.20                                                     $3,075.60
   *
   * Against the member's actual $1,000.00: Sunrise -$271.00, Valley +$2,075.60.
   */
  it('ranks them and fills every column to the cent', () => {
    const { sunrise, valley, inputs } = handComputed();
    const ranked = rankPlans([valley, sunrise], inputs, 1000, { dataAsOf: DATA_AS_OF });

    expect(ranked.rows.map((row) => [row.rank, row.bidId, row.netImpact])).toEqual([
      [1, 'H1111_001_0', -271],
      [2, 'S2222_002_0', 2075.6],
    ]);
    expect(ranked.rows[0]!.columns).toEqual([
      'H1111_001_0',
      'Sunrise Advantage (HMO)',
      'Sunrise Health',
      'HMO',
      'In-network only',
      '$729.00',
      '-$120.00',
      '$0.00',
      '$0.00',
      '$345.00',
      '$504.00',
      '-$10.00',
      '$28.75',
      '$42.00',
      '$0.00',
      '$0.00',
      '-$271.00',
    ]);
    expect(ranked.rows[1]!.columns).toEqual([
      'S2222_002_0',
      'Valley Choice Rx (PDP)',
      'Valley Insurance',
      'PDP',
      'Pharmacy network',
      '$3,075.60',
      '$462.00',
      '$0.00',
      '$462.00',
      '$764.40',
      '$1,849.20',
      '$38.50',
      '$63.70',
      '$154.10',
      '$0.00',
      '$0.00',
      '$2,075.60',
    ]);
    expect(ranked.rows[1]).toMatchObject({ starRating: 3.5, category: 'PDP' });
    expect(ranked.current).toEqual({ bidId: null, yearlyCost: '$1,000.00' });
  });

  it('explains each number in lines that add up', () => {
    const { sunrise, valley, inputs } = handComputed();
    const { estimates } = rankPlans([sunrise, valley], inputs, null, { dataAsOf: DATA_AS_OF });
    const mine = estimates['H1111_001_0']!;
    expect(mine.medical.lines.map((line) => [line.label, line.calculation])).toEqual([
      ['Primary doctor visits', '2 primary doctor visits x $0 copay = $0.00'],
      ['Specialist visits', '1 specialist visit x $35 copay = $35.00'],
      ['Preventive care', '1 preventive service: $0 by law = $0.00'],
      ['Emergency room', '1 emergency room visit x $110 copay = $110.00'],
      ['Lab tests', '1 lab bill x $0 copay = $0.00'],
      ['Diagnostic radiology (CT, MRI, ultrasound)', '1 scan x $200 copay (the top of $0-$200) = $200.00'],
    ]);
    expect(mine.pharmacy.lines.map((line) => line.calculation)).toEqual([
      '12 30-day supplies at $8.00 x $0 copay = $0.00',
      '12 30-day supplies at $560.00 x $42 copay = $504.00',
    ]);
    expect(mine.netImpact).toBeNull();

    const pdp = estimates['S2222_002_0']!;
    expect(pdp.medical.lines.map((line) => [line.label, line.amount])).toEqual([
      ['Part B deductible (Original Medicare)', '$283.00'],
      ['Primary doctor visits (Original Medicare Part B)', '$0.00'],
      ['Specialist visits (Original Medicare Part B)', '$31.40'],
      ['Preventive care', '$0.00'],
      ['Emergency room (Original Medicare Part B)', '$330.00'],
      ['Lab tests (Original Medicare Part B)', '$0.00'],
      ['Diagnostic radiology (CT, MRI, ultrasound) (Original Medicare Part B)', '$120.00'],
    ]);
    expect(pdp.medical).toMatchObject({ subtotal: '$764.40', total: '$764.40', moop: null, capped: false });
    expect(pdp.pharmacy.lines.map((line) => line.calculation)).toEqual([
      '12 30-day supplies at $8.00: $16.00 toward the $615 drug deductible, then $1 copay: $10.00 = $26.00',
      '12 30-day supplies at $560.00: $599.00 toward the $615 drug deductible, then 20% coinsurance: $1,224.20 = $1,823.20',
    ]);
    expect(pdp.total).toBe('$3,075.60');
  });

  it('compares with the current plan’s own estimate when it is one of the plans', () => {
    const { sunrise, valley, inputs } = handComputed();
    const ranked = rankPlans([sunrise, valley], inputs, { bidId: 'S2222_002_0' }, { dataAsOf: DATA_AS_OF });
    expect(ranked.current).toEqual({ bidId: 'S2222_002_0', yearlyCost: '$3,075.60' });
    expect(ranked.rows.map((row) => row.netImpact)).toEqual([-2346.6, 0]);
    expect(ranked.rows[0]!.columns[16]).toBe('-$2,346.60');
  });

  it('writes N/A for net impact without a current plan', () => {
    const { sunrise, inputs } = handComputed();
    const ranked = rankPlans([sunrise], inputs, { bidId: 'H0000_000_0' }, { dataAsOf: DATA_AS_OF });
    expect(ranked.current).toBeNull();
    expect(ranked.rows[0]!.netImpact).toBeNull();
    expect(ranked.rows[0]!.columns[16]).toBe(NO_NET_IMPACT);
  });
});

describe('rankPlans: order', () => {
  it('sorts by total, then more stars, then name, then bidId; ranks 1..n', () => {
    const inputs: MemberCostInputs = { from: '2025-01-01', to: '2025-12-31', claims: [], drugs: [] };
    const plan = (bidId: string, name: string, premium: number, stars: number | null) =>
      buildPlan({
        bidId,
        name,
        premiums: { total: premium, partC: premium, partD: 0, partBReduction: 0 },
        stars: { overall: stars, healthPlan: null, drugPlan: null },
      });
    const ranked = rankPlans(
      [
        plan('H1_1_0', 'B plan', 10, 4),
        plan('H2_1_0', 'A plan', 10, null),
        plan('H3_1_0', 'C plan', 10, 5),
        plan('H4_1_0', 'A plan', 10, 4),
        plan('H5_1_0', 'Z plan', 5, 2),
        plan('H0_1_0', 'A plan', 10, 4),
      ],
      inputs,
      null,
      { dataAsOf: DATA_AS_OF },
    );
    expect(ranked.rows.map((row) => [row.rank, row.bidId])).toEqual([
      [1, 'H5_1_0'],
      [2, 'H3_1_0'],
      [3, 'H0_1_0'],
      [4, 'H4_1_0'],
      [5, 'H1_1_0'],
      [6, 'H2_1_0'],
    ]);
  });
});
