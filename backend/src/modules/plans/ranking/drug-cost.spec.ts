import { buildPlan, coinsurance, copay, drug, STANDARD_TIERS, tier } from '../../../../test/factories/plan.factory';
import { drugCost, drugTierCost, estimateTier, supplies } from './drug-cost';

describe('estimateTier', () => {
  const name = (kind: 'brand' | 'generic' | 'unknown', monthly: number, tiers = STANDARD_TIERS) =>
    estimateTier(tiers, kind, monthly)?.tier.name;

  it('places a generic on tier 1 when it is Preferred Generic, else on the Generic tier', () => {
    expect(name('generic', 500)).toBe('Preferred Generic');
    const noPreferred = [tier(1, 'Generic', '$5.00 copay', copay(5)), tier(2, 'Preferred Brand', '$40.00 copay', copay(40))];
    expect(name('generic', 500, noPreferred)).toBe('Generic');
    const twoTier = [tier(1, 'Brand-name drugs', '25% coinsurance', coinsurance(25)), tier(2, 'Generic drugs', '$2.00 copay', copay(2))];
    expect(name('generic', 500, twoTier)).toBe('Generic drugs');
    expect(name('brand', 5000, twoTier)).toBe('Brand-name drugs');
  });

  it('places a brand on Preferred Brand, over $950 a month on the specialty tier (else the highest)', () => {
    expect(name('brand', 30000)).toBe('Preferred Brand');
    expect(name('brand', 95000)).toBe('Preferred Brand');
    expect(name('brand', 95001)).toBe('Specialty Tier');
    expect(name('brand', 120000, STANDARD_TIERS.slice(0, 4))).toBe('Non-Preferred Drug');
  });

  it('reads a drug of unknown kind as a brand above $100 a month, else a generic', () => {
    expect(name('unknown', 10000)).toBe('Preferred Generic');
    expect(name('unknown', 10001)).toBe('Preferred Brand');
    expect(name('unknown', 200000)).toBe('Specialty Tier');
  });

  it('has no tier when the plan lists none', () => {
    expect(estimateTier([], 'generic', 100)).toBeNull();
  });
});

describe('supplies', () => {
  it('counts 30-day supplies: a 90-day fill is three, at least one a fill', () => {
    expect(supplies(drug('a', { fills: 4, daysSupplied: 360 }))).toBe(12);
    expect(supplies(drug('a', { fills: 12, daysSupplied: 336 }))).toBe(12);
    expect(supplies(drug('a', { fills: 2, daysSupplied: 20 }))).toBe(2);
    expect(supplies(drug('a', { fills: 3, daysSupplied: null }))).toBe(3);
  });
});

describe('drugCost', () => {
  it('charges the tier copay per 30 days, capped at the price', () => {
    const plan = buildPlan();
    const result = drugCost(plan, [
      drug('Lisinopril', { kind: 'generic', monthlyCost: 4 }),
      drug('Eliquis', { kind: 'brand', monthlyCost: 600, fills: 4, daysSupplied: 360 }),
      drug('Metformin', { kind: 'generic', monthlyCost: 3, fills: 12, daysSupplied: 360 }),
    ]);
    // Eliquis: 12 x $47; the generics: tier 1, $0.
    expect(result.total).toBe(12 * 4700);
    expect(result.tiersEstimated).toBe(true);
    expect(result.lines.map((line) => [line.label, line.amount])).toEqual([
      ['Eliquis: Tier 3 (Preferred Brand), estimated: brand', 56400],
      ['Lisinopril: Tier 1 (Preferred Generic), estimated: generic', 0],
      ['Metformin: Tier 1 (Preferred Generic), estimated: generic', 0],
    ]);
    expect(result.lines[0]!.calculation).toBe('12 30-day supplies at $600.00 x $47 copay = $564.00');
  });

  it('takes the deductible first, for every tier, then the tier share', () => {
    const plan = buildPlan({ drugDeductible: 615 });
    const result = drugCost(plan, [drug('Brandex', { kind: 'brand', monthlyCost: 300 })]);
    // $300 + $300 + $15 to the deductible; the third fill's other $285: $47; 9 more x $47.
    expect(result.deductible).toBe(61500);
    expect(result.total).toBe(61500 + 10 * 4700);
    expect(result.lines[0]!.calculation).toBe(
      '12 30-day supplies at $300.00: $615.00 toward the $615 drug deductible, then $47 copay: $470.00 = $1,085.00',
    );
  });

  it('stops at the $2,100 yearly cap', () => {
    const plan = buildPlan({ drugDeductible: 615 });
    const result = drugCost(plan, [drug('Specialtix', { kind: 'brand', monthlyCost: 5000 })]);
    // $615 + 25% x $4,385 = $1,711.25 on the first fill; the second reaches $2,100; ten fills after it at $0.
    expect(result.total).toBe(210000);
    expect(result.capReached).toBe(true);
    expect(result.lines[0]!.calculation).toContain('10 after the $2,100 yearly cap at $0');
  });

  it('assumes the $615 deductible when the page gives none, and never more than $615', () => {
    expect(drugCost(buildPlan({ drugDeductible: null }), []).deductible).toBe(61500);
    expect(drugCost(buildPlan({ drugDeductible: 900 }), []).deductible).toBe(61500);
  });

  it('costs a tier whose text could not be read at Part D’s standard 25%', () => {
    const plan = buildPlan({ drugTiers: [tier(1, 'Preferred Generic', 'see plan', null)] });
    const result = drugCost(plan, [drug('Amlodipine', { monthlyCost: 10 })]);
    expect(result.total).toBe(12 * 250);
    expect(result.lines[0]!.calculation).toContain("the tier's text could not be read");
  });

  it('charges the full price under a plan without drug coverage', () => {
    const plan = buildPlan({ hasDrugCoverage: false, category: 'MA', drugTiers: [] });
    const result = drugCost(plan, [drug('Atorvastatin', { monthlyCost: 12.5 })]);
    expect(result.total).toBe(12 * 1250);
    expect(result.tiersEstimated).toBe(false);
    expect(result.lines[0]!.calculation).toBe('No drug coverage in this plan: 12 30-day supplies x $12.50 full price = $150.00');
  });

  it('counts unpriced drugs at $0 and names them', () => {
    const result = drugCost(buildPlan(), [drug('Mysterin', { monthlyCost: null }), drug('Lisinopril', { monthlyCost: 4 })]);
    expect(result.unpriced).toEqual(['Mysterin']);
    expect(result.lines.at(-1)).toMatchObject({ label: 'Drugs without a price', amount: 0, count: 1 });
    expect(result.lines.at(-1)!.calculation).toContain('Mysterin');
  });
});

describe('drugTierCost', () => {
  it('answers the estimated tier and the 30-day cost after the deductible', () => {
    expect(drugTierCost(buildPlan({ drugDeductible: 615 }), { kind: 'brand', monthlyCost: 300 })).toMatchObject({
      tierLabel: 'Tier 3 (Preferred Brand)',
      cost: 4700,
      costText: '$47.00 after the $615 deductible',
    });
    expect(drugTierCost(buildPlan(), { kind: 'generic', monthlyCost: null }).costText).toBe('$0 copay');
    expect(drugTierCost(buildPlan({ hasDrugCoverage: false }), { kind: 'generic', monthlyCost: 5 }).tierLabel).toBe('No drug coverage');
  });
});

describe('supplies on bad counts', () => {
  it('keeps within one to 366 supplies', () => {
    expect(supplies(drug('a', { fills: Number.NaN, daysSupplied: null }))).toBe(1);
    expect(supplies(drug('a', { fills: 1e9, daysSupplied: 1e12 }))).toBe(366);
    expect(supplies(drug('a', { fills: -4, daysSupplied: -30 }))).toBe(1);
  });
});

describe('estimateTier on a two-tier plan', () => {
  it('places an expensive brand on the brand tier, not on the last (generic) one', () => {
    const twoTier = [
      tier(1, 'Brand-name drugs', '25% coinsurance', coinsurance(25)),
      tier(2, 'Generic drugs', '25% coinsurance', coinsurance(25)),
    ];
    expect(estimateTier(twoTier, 'brand', 690000)?.tier.name).toBe('Brand-name drugs');
  });
});
