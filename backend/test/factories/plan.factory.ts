import type {
  CataloguePlan,
  CareClaim,
  CareLine,
  CostShare,
  DayBand,
  DrugTier,
  DrugUse,
  ServiceCost,
} from '../../src/modules/plans/plan-types';
import type { RankableClaim } from '../../src/modules/plans/ranking/care-categories';

/** In-memory builders for the ranking specs (plain values, a fresh object each call). */

export const share = (parts: Partial<CostShare> = {}): CostShare => ({
  copay: null,
  coinsurance: null,
  perDay: null,
  perStay: null,
  notCovered: false,
  ...parts,
});
export const copay = (max: number, min = max): CostShare => share({ copay: { min, max } });
export const coinsurance = (max: number, min = max): CostShare => share({ coinsurance: { min, max } });
export const perDay = (...bands: [number, number, number][]): CostShare =>
  share({ perDay: bands.map(([fromDay, toDay, amount]): DayBand => ({ fromDay, toDay, perDay: amount })) });

export const cell = (text: string, inNetwork: CostShare | null): ServiceCost => ({ text, inNetwork, outOfNetwork: null, flags: [] });

export const tier = (n: number, name: string, text: string, inNetwork: CostShare | null): DrugTier => ({
  tier: n,
  name,
  initial: cell(text, inNetwork),
});

export const STANDARD_TIERS: DrugTier[] = [
  tier(1, 'Preferred Generic', '$0.00 copay', copay(0)),
  tier(2, 'Generic', '$10.00 copay', copay(10)),
  tier(3, 'Preferred Brand', '$47.00 copay', copay(47)),
  tier(4, 'Non-Preferred Drug', '40% coinsurance', coinsurance(40)),
  tier(5, 'Specialty Tier', '25% coinsurance', coinsurance(25)),
];

let sequence = 0;
const nextId = (prefix: string): string => `${prefix}-${(sequence += 1)}`;

export function buildPlan(overrides: Partial<CataloguePlan> = {}): CataloguePlan {
  const contract = overrides.contractId ?? 'H9999';
  const planId = overrides.planId ?? String(100 + (sequence += 1)).slice(-3);
  return {
    bidId: `${contract}_${planId}_0`,
    contractId: contract,
    planId,
    segmentId: '0',
    name: `Test Advantage ${planId} (HMO)`,
    carrier: 'Test Health',
    parentOrganization: null,
    planTypeLabel: 'Medicare Advantage with drug coverage',
    planType: 'HMO',
    category: 'MA-PD',
    specialNeeds: false,
    network: 'In-network only',
    hasDrugCoverage: true,
    premiums: { total: 0, partC: 0, partD: 0, partBReduction: 0 },
    healthDeductible: 0,
    drugDeductible: 0,
    moopInNetwork: 5000,
    moopCombined: null,
    moopText: '$5,000 In-network',
    services: {
      primaryCare: cell('In-network: $5 copay', copay(5)),
      specialist: cell('In-network: $40 copay', copay(40)),
      labs: cell('In-network: $0 copay', copay(0)),
      emergency: cell('In-network: $125 copay', copay(125)),
      urgentCare: cell('In-network: $40 copay', copay(40)),
      inpatient: cell('Tier 1 ; $290 per day for days 1-7 ; $0 per day for days 8-90', perDay([1, 7, 290], [8, 90, 0])),
      skilledNursing: cell('Tier 1 ; $0 per day for days 1-20 ; $218 per day for days 21-100', perDay([1, 20, 0], [21, 100, 218])),
      outpatientHospital: cell('In-network: $0-$300 copay', copay(300, 0)),
      diagnosticRadiology: cell('In-network: $0-$250 copay', copay(250, 0)),
      outpatientXray: cell('In-network: $15 copay', copay(15)),
      diagnosticTests: cell('In-network: $0-$50 copay', copay(50, 0)),
      physicalTherapy: cell('In-network: $30 copay', copay(30)),
      partBDrugs: cell('In-network: 0%-20% coinsurance', coinsurance(20, 0)),
      durableEquipment: cell('In-network: 20% coinsurance', coinsurance(20)),
      ambulance: cell('In-network: $275 copay', copay(275)),
      telehealth: cell('In-network: $0 copay', copay(0)),
    },
    drugTierBasis: 'Standard retail pharmacy drug cost for 1 month',
    drugTiers: STANDARD_TIERS.map((entry) => ({ ...entry })),
    msaDeposit: 0,
    stars: { overall: 4, healthPlan: 4, drugPlan: 4 },
    sourceUrl: null,
    ...overrides,
  };
}

export const line = (parts: Partial<CareLine> = {}): CareLine => ({
  code: null,
  placeOfService: null,
  revenue: null,
  allowed: null,
  ...parts,
});

export function professional(date: string, lines: Partial<CareLine>[], extra: Partial<RankableClaim> = {}): RankableClaim {
  const built = lines.map((parts) => line({ placeOfService: '11', ...parts }));
  return {
    id: nextId('prof'),
    serviceDate: date,
    claimType: 'professional',
    subtype: 'carrier',
    stayDays: null,
    provider: null,
    allowed: built.reduce((total, entry) => total + (entry.allowed ?? 0), 0),
    lines: built,
    ...extra,
  };
}

export const officeVisit = (date: string, allowed: number, provider: string | null = null): RankableClaim =>
  professional(date, [{ code: '99213', allowed }], { provider });

export function institutional(subtype: string, date: string, lines: Partial<CareLine>[], extra: Partial<CareClaim> = {}): CareClaim {
  const built = lines.map((parts) => line(parts));
  return {
    id: nextId(subtype),
    serviceDate: date,
    claimType: 'institutional',
    subtype,
    stayDays: null,
    provider: null,
    allowed: built.reduce((total, entry) => total + (entry.allowed ?? 0), 0),
    lines: built,
    ...extra,
  };
}

export const hospitalStay = (date: string, days: number, allowed: number): CareClaim =>
  institutional('inpatient', date, [{ revenue: '0120', allowed }], { stayDays: days });

export function drug(name: string, parts: Partial<DrugUse> = {}): DrugUse {
  return {
    name,
    rxcui: null,
    kind: 'generic',
    fills: 12,
    daysSupplied: 360,
    monthlyCost: 10,
    priceSource: 'nadac',
    priceAsOf: '2026-01-07',
    ...parts,
  };
}
