import { hospitalStay, institutional, officeVisit, professional } from '../../../../test/factories/plan.factory';
import { categorizeClaims, type RankableClaim } from './care-categories';
import { originalMedicareCost } from './original-medicare';

const costOf = (claims: RankableClaim[]) => originalMedicareCost(categorizeClaims(claims).units);

describe('originalMedicareCost (2026)', () => {
  it('applies the $283 Part B deductible in date order, then 20% of each category once; preventive and labs $0', () => {
    const result = costOf([
      professional('2025-01-02', [{ code: 'G0439', allowed: 175 }]),
      officeVisit('2025-01-10', 200),
      officeVisit('2025-02-10', 200),
      professional('2025-03-01', [{ code: '80053', placeOfService: '81', allowed: 50 }]),
    ]);
    // Deductible: $200 (first visit) + $83 (second); then 20% of $117 (visits) = $23.40; the lab $0 (clinical labs).
    expect(result.lines.map((line) => [line.label, line.amount])).toEqual([
      ['Part B deductible (Original Medicare)', 28300],
      ['Primary doctor visits (Original Medicare Part B)', 2340],
      ['Preventive care', 0],
      ['Lab tests (Original Medicare Part B)', 0],
    ]);
    expect(result.total).toBe(28300 + 2340);
    expect(result.moop).toBeNull();
    expect(result.capped).toBe(false);
  });

  it('charges the $1,736 Part A deductible once a benefit period, and again after 60 days out of hospital', () => {
    const result = costOf([
      hospitalStay('2025-01-01', 5, 20000),
      hospitalStay('2025-02-15', 3, 15000), // 41 days after the first discharge: same period
      hospitalStay('2025-06-01', 4, 18000), // a new period
    ]);
    expect(result.total).toBe(2 * 173600);
    expect(result.lines[0]!.calculation).toBe('3 hospital stays (12 days): $1,736 Part A deductible x 2 = $3,472.00');
  });

  it('charges $434 a day for days 61-90 and $868 a lifetime reserve day', () => {
    const result = costOf([hospitalStay('2025-01-01', 95, 200000)]);
    expect(result.total).toBe(173600 + 30 * 43400 + 5 * 86800);
  });

  it('charges $217 a day for SNF days 21-100, the full daily cost past day 100', () => {
    const snf = institutional('snf', '2025-03-01', [{ revenue: '0022', allowed: 55000 }], { stayDays: 110 });
    const result = costOf([snf]);
    // 80 days x $217 + 10 days x ($55,000 / 110 = $500)
    expect(result.total).toBe(80 * 21700 + 10 * 50000);
    expect(result.lines[0]!.calculation).toContain('days 21-100 at $217 a day x 80');
  });

  it('never charges more than a stay cost', () => {
    const result = costOf([hospitalStay('2025-01-01', 2, 900)]);
    expect(result.total).toBe(90000);
    expect(result.lines[0]!.calculation).toContain('capped at the stay’s own cost');
  });
});

describe('originalMedicareCost: home health', () => {
  it('costs home health at $0 and keeps it out of the Part B deductible', () => {
    const hha = institutional('hha', '2025-01-05', [{ revenue: '0551', allowed: 2400 }]);
    const result = costOf([hha, officeVisit('2025-02-01', 100)]);
    expect(result.lines.map((line) => [line.label, line.amount])).toEqual([
      ['Part B deductible (Original Medicare)', 10000],
      ['Primary doctor visits (Original Medicare Part B)', 0],
      ['Home health care (Original Medicare)', 0],
    ]);
  });
});
