import fc from 'fast-check';
import type { CataloguePlan, CareLine, CostShare, DrugUse, MemberCostInputs, ServiceCategory, ServiceCost } from '../plan-types';
import { buildPlan, cell, share, STANDARD_TIERS } from '../../../../test/factories/plan.factory';
import type { RankableClaim } from './care-categories';
import { maMedicalCost } from './medical-cost';
import { toCents } from './money';
import { estimateForMember, memberProfile } from './plan-estimate';

/** Generated plans and members: the engine's rules that must hold for any of them. */

const money = (max: number) => fc.integer({ min: 0, max: Math.round(max * 100) }).map((cents) => cents / 100);

const costShare = (notCovered: boolean): fc.Arbitrary<CostShare> =>
  fc.oneof(
    money(500).chain((max) => money(max).map((min) => share({ copay: { min, max } }))),
    fc.integer({ min: 0, max: 50 }).map((max) => share({ coinsurance: { min: 0, max } })),
    fc
      .tuple(money(100), fc.integer({ min: 0, max: 40 }))
      .map(([copay, percent]) => share({ copay: { min: copay, max: copay }, coinsurance: { min: percent, max: percent } })),
    fc.tuple(money(500), fc.integer({ min: 1, max: 10 }), money(100)).map(([first, days, then]) =>
      share({
        perDay: [
          { fromDay: 1, toDay: days, perDay: first },
          { fromDay: days + 1, toDay: 90, perDay: then },
        ],
      }),
    ),
    money(2000).map((perStay) => share({ perStay })),
    fc.constant(share()),
    ...(notCovered ? [fc.constant(share({ notCovered: true }))] : []),
  );

// prettier-ignore
const CATEGORIES: ServiceCategory[] = [
  'primaryCare', 'specialist', 'emergency', 'urgentCare', 'inpatient', 'skilledNursing', 'outpatientHospital', 'ambulance', 'labs',
  'diagnosticTests', 'diagnosticRadiology', 'outpatientXray', 'physicalTherapy', 'mentalHealth', 'durableEquipment', 'partBDrugs', 'telehealth',
];

const services = (notCovered: boolean): fc.Arbitrary<Partial<Record<ServiceCategory, ServiceCost>>> =>
  fc
    .tuple(...CATEGORIES.map(() => fc.option(costShare(notCovered), { nil: undefined, freq: 5 })))
    .map((shares) => Object.fromEntries(shares.flatMap((value, i) => (value ? [[CATEGORIES[i]!, cell('generated', value)]] : []))));

const planArb = (options: { notCovered?: boolean; medical?: boolean } = {}): fc.Arbitrary<CataloguePlan> =>
  fc
    .record({
      kind: options.medical
        ? fc.constantFrom('MA-PD' as const, 'MA' as const)
        : fc.constantFrom('MA-PD' as const, 'MA' as const, 'PDP' as const),
      services: services(options.notCovered ?? true),
      healthDeductible: fc.option(money(1500), { nil: null }),
      moop: fc.option(money(9000), { nil: null, freq: 8 }),
      drugDeductible: fc.option(money(615), { nil: null }),
      premium: money(200),
      reduction: money(20),
      tierShares: fc.tuple(costShare(true), costShare(false), costShare(false), costShare(false), costShare(false)),
      msa: fc.oneof(fc.constant(0), money(3000)),
    })
    .map((p) =>
      buildPlan({
        category: p.kind,
        planType: p.kind === 'PDP' ? 'PDP' : 'HMO',
        hasDrugCoverage: p.kind !== 'MA',
        services: p.kind === 'PDP' ? {} : p.services,
        healthDeductible: p.healthDeductible,
        moopInNetwork: p.kind === 'PDP' ? null : p.moop,
        drugDeductible: p.drugDeductible,
        premiums: { total: p.premium, partC: p.premium, partD: 0, partBReduction: p.reduction },
        drugTiers: p.kind === 'MA' ? [] : STANDARD_TIERS.map((tier, i) => ({ ...tier, initial: cell('generated', p.tierShares[i]!) })),
        msaDeposit: p.msa,
      }),
    );

const CODES = [
  '99213',
  '99204',
  '80053',
  '71046',
  '72148',
  '97110',
  'E0601',
  'J1100',
  '99284',
  'G0439',
  '93000',
  '90834',
  'A0427',
  'ZZZZZ',
  null,
];
const PLACES = ['11', '22', '23', '20', '02', '81', '21', '12', null];
const REVENUES = ['0450', '0456', '0300', '0320', '0360', '0610', '0420', '0250', '0510', null];

const date = fc.integer({ min: 0, max: 364 }).map((day) => new Date(Date.UTC(2025, 0, 1 + day)).toISOString().slice(0, 10));
const lineArb = (institutional: boolean): fc.Arbitrary<CareLine> =>
  fc.record({
    code: fc.constantFrom(...CODES),
    placeOfService: institutional ? fc.constant(null) : fc.constantFrom(...PLACES),
    revenue: institutional ? fc.constantFrom(...REVENUES) : fc.constant(null),
    allowed: fc.option(money(3000), { nil: null, freq: 6 }),
  });

const claimArb = (stays: boolean): fc.Arbitrary<Omit<RankableClaim, 'id'>> =>
  fc.oneof(
    fc.record({
      serviceDate: date,
      claimType: fc.constant('professional'),
      subtype: fc.constant('carrier'),
      stayDays: fc.constant(null),
      allowed: fc.option(money(5000), { nil: null, freq: 6 }),
      lines: fc.array(lineArb(false), { minLength: 1, maxLength: 4 }),
      provider: fc.constantFrom('Dr. A', null),
    }),
    fc.record({
      serviceDate: date,
      claimType: fc.constant('institutional'),
      subtype: fc.constant('outpatient'),
      stayDays: fc.constant(null),
      provider: fc.constant(null),
      allowed: fc.option(money(8000), { nil: null, freq: 6 }),
      lines: fc.array(lineArb(true), { minLength: 1, maxLength: 4 }),
    }),
    ...(stays
      ? [
          fc.record({
            serviceDate: date,
            claimType: fc.constant('institutional'),
            subtype: fc.constantFrom('inpatient', 'snf'),
            stayDays: fc.integer({ min: 1, max: 120 }),
            provider: fc.constant(null),
            allowed: money(90000),
            lines: fc.constant<CareLine[]>([]),
          }),
        ]
      : []),
  );

const claimsArb = (stays: boolean, maxLength = 25) =>
  fc
    .array(claimArb(stays), { maxLength })
    .map((claims) => claims.map((claim, i): RankableClaim => ({ ...claim, id: `c${String(i).padStart(3, '0')}` })));

const drugsArb = fc
  .array(
    fc.record({
      kind: fc.constantFrom('brand' as const, 'generic' as const, 'unknown' as const),
      fills: fc.integer({ min: 1, max: 12 }),
      daysSupplied: fc.option(fc.integer({ min: 30, max: 360 }), { nil: null }),
      monthlyCost: fc.option(money(3000), { nil: null, freq: 6 }),
    }),
    { maxLength: 6 },
  )
  .map((drugs) =>
    drugs.map((drug, i): DrugUse => ({ ...drug, name: `Drug ${i}`, rxcui: null, priceSource: 'nadac', priceAsOf: '2026-01-07' })),
  );

const member = (claims: RankableClaim[], drugs: DrugUse[] = []): MemberCostInputs => ({
  from: '2025-01-01',
  to: '2025-12-31',
  claims,
  drugs,
});
const totalOf = (plan: CataloguePlan, inputs: MemberCostInputs) =>
  estimateForMember(plan, memberProfile(inputs), { dataAsOf: '2026-01-14', currentYearly: null }).costs.total;

const RUNS = { numRuns: 300 };

describe('ranking properties', () => {
  it('more claims never lower the cost (MA plans; Original Medicare without hospital stays, whose benefit periods can merge)', () => {
    fc.assert(
      fc.property(planArb(), fc.boolean(), drugsArb, (plan, withStays, drugs) => {
        const stays = plan.category !== 'PDP' && withStays;
        return fc.assert(
          fc.property(claimsArb(stays), claimsArb(stays, 5), (claims, more) => {
            const extra = more.map((claim) => ({ ...claim, id: `x${claim.id}` }));
            expect(totalOf(plan, member([...claims, ...extra], drugs))).toBeGreaterThanOrEqual(totalOf(plan, member(claims, drugs)));
          }),
          { numRuns: 5 },
        );
      }),
      { numRuns: 100 },
    );
  });

  it('more drug fills never lower the cost', () => {
    fc.assert(
      fc.property(planArb(), drugsArb, fc.nat({ max: 5 }), (plan, drugs, added) => {
        fc.pre(drugs.length > 0);
        const more = drugs.map((drug, i) => (i === 0 ? { ...drug, fills: drug.fills + added, daysSupplied: null } : drug));
        const fewer = drugs.map((drug, i) => (i === 0 ? { ...drug, daysSupplied: null } : drug));
        expect(totalOf(plan, member([], more))).toBeGreaterThanOrEqual(totalOf(plan, member([], fewer)));
      }),
      RUNS,
    );
  });

  it('the MOOP caps medical cost-sharing when the plan covers all the care', () => {
    fc.assert(
      fc.property(planArb({ notCovered: false, medical: true }), claimsArb(true, 40), (plan, claims) => {
        fc.pre(plan.moopInNetwork !== null);
        const medical = maMedicalCost(plan, memberProfile(member(claims)).care.units);
        expect(medical.total).toBeLessThanOrEqual(toCents(plan.moopInNetwork!));
        expect(medical.total).toBe(Math.min(medical.subtotal, toCents(plan.moopInNetwork!)));
      }),
      RUNS,
    );
  });

  it('raising the monthly premium raises the total by 12 times as much', () => {
    fc.assert(
      fc.property(planArb(), claimsArb(true, 10), drugsArb, fc.integer({ min: 1, max: 50000 }), (plan, claims, drugs, raiseCents) => {
        const inputs = member(claims, drugs);
        const raised = { ...plan, premiums: { ...plan.premiums, total: (toCents(plan.premiums.total) + raiseCents) / 100 } };
        expect(totalOf(raised, inputs) - totalOf(plan, inputs)).toBe(12 * raiseCents);
      }),
      RUNS,
    );
  });

  it('the order of claims and drugs does not change the estimate', () => {
    fc.assert(
      fc.property(planArb(), claimsArb(true), drugsArb, fc.integer(), (plan, claims, drugs, seed) => {
        const shuffle = <T>(list: T[]): T[] => {
          const copy = [...list];
          let state = seed;
          for (let i = copy.length - 1; i > 0; i -= 1) {
            state = (state * 1103515245 + 12345) & 0x7fffffff;
            const j = state % (i + 1);
            [copy[i], copy[j]] = [copy[j]!, copy[i]!];
          }
          return copy;
        };
        const estimate = (inputs: MemberCostInputs) =>
          estimateForMember(plan, memberProfile(inputs), { dataAsOf: '2026-01-14', currentYearly: null }).estimate;
        expect(estimate(member(shuffle(claims), shuffle(drugs)))).toEqual(estimate(member(claims, drugs)));
      }),
      RUNS,
    );
  });

  it('every estimate adds up: its lines make its totals', () => {
    fc.assert(
      fc.property(planArb(), claimsArb(true), drugsArb, (plan, claims, drugs) => {
        const { estimate, costs } = estimateForMember(plan, memberProfile(member(claims, drugs)), {
          dataAsOf: '2026-01-14',
          currentYearly: null,
        });
        const sum = (lines: { amount: string }[]) =>
          lines.reduce((total, line) => total + toCents(Number(line.amount.replace(/[$,]/g, ''))), 0);
        expect(sum(estimate.medical.lines)).toBe(costs.medical);
        expect(sum(estimate.pharmacy.lines)).toBe(costs.pharmacy);
        expect(costs.total).toBe(costs.premiumYearly + costs.medical + costs.pharmacy - costs.msaDeposit);
      }),
      RUNS,
    );
  });
});
