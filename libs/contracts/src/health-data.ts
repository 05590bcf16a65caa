/**
 * The health-data screens' reads (spec part 2 §4): claims, prescriptions and the current plan, projected from the
 * insurers' FHIR resources. The field names are the spec's (snake_case); money is a string with two decimals.
 */

/** A diagnosis of a claim, by ICD-10 code. */
export interface HealthServiceDiagnosis {
  id: string;
  diagnosis_code: string;
  diagnosis_display: string | null;
}

/** A procedure or billed service of a claim (HCPCS, CPT, ICD-10-PCS or SNOMED code). */
export interface HealthServiceProcedure {
  id: string;
  procedure_code: string;
  procedure_date: string | null;
  procedure_display: string | null;
}

/** One claim of GET /api/explanationOfBenefits. */
export interface HealthServiceEntry {
  id: string;
  /** YYYY-MM-DD */
  date: string | null;
  type: string | null;
  status: string | null;
  outcome: string | null;
  payment_amount: string | null;
  rendering_provider: string | null;
  /** The insurer's key. */
  insurer: string;
  diagnoses: HealthServiceDiagnosis[];
  procedures: HealthServiceProcedure[];
}

/** GET /api/explanationOfBenefits */
export interface ExplanationOfBenefitsResponse {
  EOB: HealthServiceEntry[];
}

/** One prescription of GET /api/userDrugs. */
export interface RxHistoryEntry {
  id: string;
  drug_name: string | null;
  /** 10 or 11 digits, no dashes. */
  drug_ndc: string | null;
  /** YYYY-MM-DD */
  date_prescribed: string | null;
  provider: string | null;
  patient_paid: string | null;
  insurer_paid: string | null;
  total_price: string | null;
  /** The insurer's key. */
  insurer: string;
}

/** GET /api/userDrugs */
export interface UserDrugsResponse {
  queryRes: RxHistoryEntry[];
}

/** A coverage of GET /api/currentPlan/getUsersCurrentPlan, the active one first. */
export interface CurrentPlanEntry {
  marketing_name: string | null;
  plan_year: number | null;
  plan_name: string | null;
}

/** GET /api/currentPlan/getUsersCurrentPlan */
export interface CurrentPlanResponse {
  userCurrentPlan: CurrentPlanEntry[];
}

// ---------------------------------------------------------------------------------------------------------------
// Paginated reads for the dashboard and the list pages (a member with five years of claims must not ship every
// row to draw three). Every list answers `{ <spec's key>: rows, nextCursor, total, asOf }`: `nextCursor` is
// opaque (pass it back as `cursor` for the next page; null on the last page), `total` counts every row the query
// matches, `asOf` is when the newest of those rows was stored (ISO 8601; null when there are none).

/** Page sizes (part 2 §9): the dashboard card shows 3, a list page 5 and adds 5 per Load more. */
export const DASHBOARD_ROWS = 3;
export const LIST_PAGE_SIZE = 5;
/** The largest `limit` a list read accepts. */
export const MAX_PAGE_SIZE = 100;

export interface PageInfo {
  nextCursor: string | null;
  total: number;
  asOf: string | null;
}

/**
 * GET /api/explanationOfBenefits?limit=&cursor=&search=&serviceID=
 * Newest first. `search` matches (case-insensitive, as a substring) date, status, payment, type, outcome,
 * provider, diagnosis code and display, procedure code, date and display (part 2 §5). `serviceID` answers the
 * first pages up to and including the one holding that claim (so the page can expand and scroll to it); an
 * unknown id answers 404 `HEALTH_DATA.CLAIM_NOT_FOUND`.
 */
export interface ExplanationOfBenefitsQuery {
  limit?: number;
  cursor?: string;
  search?: string;
  serviceID?: string;
}
export interface ExplanationOfBenefitsPage extends ExplanationOfBenefitsResponse, PageInfo {}

export type RxHistorySort = 'newest' | 'oldest';

/** GET /api/userDrugs?limit=&cursor=&sort=newest|oldest (by date_prescribed). */
export interface UserDrugsQuery {
  limit?: number;
  cursor?: string;
  sort?: RxHistorySort;
}

/**
 * The price comparison of a prescription (part 2 §3's Rx history entry). Null until the drugs-and-prices
 * feature prices the drug; the screens show N/A for a null.
 */
export interface RxPriceComparison {
  brandDrugBP: string | null;
  genericDrugBP: string | null;
  bestPriceBrandSource: string | null;
  bestPriceGenericSource: string | null;
  brandDrugName: string | null;
  genericDrugName: string | null;
  brandSavings: string | null;
  genericSavings: string | null;
  /** The date of the price data (YYYY-MM-DD): a price is never shown without it. */
  priceDate: string | null;
}

export interface RxHistoryRow extends RxHistoryEntry, RxPriceComparison {}

export interface UserDrugsPage extends PageInfo {
  queryRes: RxHistoryRow[];
}

/**
 * The current plan's cost (part 2 §9): medical is the sum of the claims' payment_amount, Rx the sum of the
 * prescriptions' patient_paid, over the plan's period (its plan year, or the 12 months to today when the
 * coverage names none); the premium is not included. Money strings with 2 decimals.
 */
export interface CurrentPlanCost {
  medical: string;
  rx: string;
  total: string;
  /** YYYY-MM-DD, inclusive. */
  from: string;
  to: string;
}

/** GET /api/currentPlan/getUsersCurrentPlan also carries the cost of the first (current) plan. */
export interface CurrentPlanWithCostResponse extends CurrentPlanResponse {
  currentPlanCost: CurrentPlanCost | null;
}

export type SpendingGrouping = 'month' | 'year';

/**
 * One period of "Where your money went": the patient's own share of their claims and fills, from the EOB
 * adjudication amounts. `patient_paid` is the whole out-of-pocket figure; deductible, copay and coinsurance are
 * the parts the insurer named (they may not add up to it: a claim may name none). Money strings, 2 decimals.
 */
export interface SpendingPeriod {
  /** YYYY-MM for a month, YYYY for a year. */
  period: string;
  patient_paid: string;
  deductible: string;
  copay: string;
  coinsurance: string;
  insurer_paid: string;
}

/** GET /api/spending?by=month|year: every period with a claim or fill, oldest first. */
export interface SpendingResponse {
  by: SpendingGrouping;
  periods: SpendingPeriod[];
  asOf: string | null;
}
