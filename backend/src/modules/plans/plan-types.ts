import type { MemberCareClaim, MemberCareLine } from '../health-data';
import type { MemberDrugUse } from '../pricing';

/**
 * The plans module's own shapes: a catalogue plan (what the 2026 Plan Finder and Landscape data say of it, parsed)
 * and what the ranking engine reads of the member. The catalogue (catalogue/) makes CataloguePlan; the engine
 * (ranking/) reads CataloguePlan and MemberCostInputs and makes the estimates; plans.service joins them.
 */

/** A range of dollars (copay) or of percent (coinsurance); min = max for one value. */
export interface CostRange {
  min: number;
  max: number;
}

/** One band of a per-day cost: "$290 per day for days 1-7". */
export interface DayBand {
  fromDay: number;
  toDay: number;
  perDay: number;
}

/**
 * One side (in- or out-of-network) of a cost-sharing text, parsed. Parts may combine ("$0 copay, 0% coinsurance").
 * Nothing parsed and not "Not covered": every part null, notCovered false (the engine then says it could not read it).
 */
export interface CostShare {
  /** Dollars per service. */
  copay: CostRange | null;
  /** Percent (0-100) of the allowed amount. */
  coinsurance: CostRange | null;
  /** Inpatient and skilled nursing: dollars per day, by day of the stay. */
  perDay: DayBand[] | null;
  /** Dollars per stay. */
  perStay: number | null;
  notCovered: boolean;
}

/** A cost-sharing cell of the plan's page: its text kept as published, and its two sides parsed. */
export interface ServiceCost {
  text: string;
  inNetwork: CostShare | null;
  /** null when the text names no out-of-network side (an HMO, or one figure for both). */
  outOfNetwork: CostShare | null;
  /** From the page: "limits_apply", "prior_auth", "referral". */
  flags: string[];
}

/**
 * The service categories claims are mapped to, each read from the Plan Finder benefits table of the same name.
 * `other` is what no category fits: costed at 20% coinsurance (Original Medicare's rule) and said so.
 */
export const SERVICE_CATEGORIES = [
  'primaryCare',
  'specialist',
  'preventive',
  'emergency',
  'urgentCare',
  'inpatient',
  'skilledNursing',
  'outpatientHospital',
  'ambulance',
  'labs',
  'diagnosticTests',
  'diagnosticRadiology',
  'outpatientXray',
  'physicalTherapy',
  'occupationalTherapy',
  'mentalHealth',
  'durableEquipment',
  'partBDrugs',
  'dialysis',
  'telehealth',
  'other',
] as const;
export type ServiceCategory = (typeof SERVICE_CATEGORIES)[number];

/** One drug tier of the plan (initial coverage phase, the pharmacy basis the page gives). */
export interface DrugTier {
  /** 1-based. */
  tier: number;
  /** e.g. "Preferred Generic", "Specialty Tier". */
  name: string;
  initial: ServiceCost;
}

export interface PlanStars {
  overall: number | null;
  healthPlan: number | null;
  drugPlan: number | null;
}

export type PlanCategory = 'MA-PD' | 'MA' | 'PDP' | 'SNP' | 'Cost';

/** One 2026 plan, from the repo's copy of the Plan Finder pages and the Landscape lists. */
export interface CataloguePlan {
  /** "H0104_012_0": contract, plan, segment (not zero-padded, as the data writes it). */
  bidId: string;
  contractId: string;
  planId: string;
  segmentId: string;
  name: string;
  /** Organization marketing name, e.g. "Blue Cross and Blue Shield of Alabama". */
  carrier: string;
  parentOrganization: string | null;
  /** As the page labels it, e.g. "Medicare Advantage with drug coverage". */
  planTypeLabel: string;
  /** The landscape's plan type: "HMO", "HMO-POS", "PPO", "Regional PPO", "PFFS", "MSA", "PDP", "1876 Cost", ... */
  planType: string;
  category: PlanCategory;
  /** Special Needs Plan (D-, C- or I-SNP): only members who qualify can join. */
  specialNeeds: boolean;
  /** Network words for column 4: "HMO" -> "In-network only", "PPO" -> "In and out of network", PDP: "Pharmacy network". */
  network: string;
  hasDrugCoverage: boolean;
  /** Monthly dollars. */
  premiums: { total: number; partC: number; partD: number; partBReduction: number };
  /** Yearly dollars; null when the page gives none. */
  healthDeductible: number | null;
  drugDeductible: number | null;
  /** Yearly dollars: in-network, and combined in and out (PPO); null when none (a PDP). */
  moopInNetwork: number | null;
  moopCombined: number | null;
  moopText: string | null;
  /** Each category's cell, where the page gives one. */
  services: Partial<Record<ServiceCategory, ServiceCost>>;
  /** The pharmacy basis of the tiers, e.g. "Standard retail pharmacy drug cost for 1 month". */
  drugTierBasis: string | null;
  drugTiers: DrugTier[];
  /** Yearly dollars the plan deposits (MSA plans); 0 otherwise. */
  msaDeposit: number;
  stars: PlanStars;
  sourceUrl: string | null;
}

/** The extra benefits of a plan (Plan Finder "extra-benefits" and "optional-packages"), for /api/planBenefits. */
export interface CataloguePlanBenefits {
  bidId: string;
  /** Every covered extra benefit ("Not covered" ones left out): pbp_b14c_bendesc_ehc of the spec. */
  enhanced: { name: string; value: string; flags: string[] }[];
  /** Transportation for non-emergency care, as the page words it; null when not covered. */
  rideshare: string | null;
  sections: { section: string; table: string; items: { name: string; value: string; flags: string[] }[] }[];
}

// ---------------------------------------------------------------------------------------------------------------
// What the engine reads of the member

/**
 * One medical claim of the member's last 12 months with what the category rules look at (pharmacy claims are
 * DrugUse), and one of the member's drugs over the 12 months: health-data's and pricing's readers make them, in these
 * shapes, for this module (the dependency runs plans -> health-data, pricing; never back).
 */
export type CareLine = MemberCareLine;
export type CareClaim = MemberCareClaim;
export type DrugUse = MemberDrugUse;

export interface MemberCostInputs {
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
  claims: CareClaim[];
  drugs: DrugUse[];
}
