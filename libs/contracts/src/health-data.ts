/**
 * The health-data screens' reads (spec part 2 §4): claims, prescriptions and the current plan, projected from the
 * insurers' FHIR resources. The field names are the spec's (snake_case); money is a string with two decimals.
 */
import { hasControlCharacters } from './fields';
import { invalid, valid, type Parsed } from './parsed';

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
 * Newest first (by date of service; claims without one last). Without `limit`, LIST_PAGE_SIZE rows. `search`
 * matches (case-insensitive) date, status, payment, type, outcome, provider, diagnosis code and display, procedure
 * code, date and display (part 2 §5); each of its words must occur, as a substring (dates also as 3/5/2024,
 * payments also as $1,505.90). `serviceID` answers the first pages up to and including the one holding that claim
 * (so the page can expand and scroll to it), without a `cursor`; an id that names no claim of the member's (among
 * those the search matches) answers 404 `HEALTH_DATA.CLAIM_NOT_FOUND`.
 */
export interface ExplanationOfBenefitsQuery {
  limit?: number;
  cursor?: string;
  search?: string;
  serviceID?: string;
}
export interface ExplanationOfBenefitsPage extends ExplanationOfBenefitsResponse, PageInfo {}

export type RxHistorySort = 'newest' | 'oldest';

/**
 * GET /api/userDrugs?limit=&cursor=&sort=newest|oldest (by date_prescribed, undated ones last; default newest).
 * Without `limit`, LIST_PAGE_SIZE rows. A cursor continues the sort it was given for.
 */
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
  /** How the prices were worked out (quantity x NADAC per unit + fee, per form), for the hover text. */
  priceFormula: string | null;
}

export interface RxHistoryRow extends RxHistoryEntry, RxPriceComparison {}

export interface UserDrugsPage extends PageInfo {
  queryRes: RxHistoryRow[];
}

/**
 * The current plan's cost (part 2 §9): medical is the sum of the payment_amount of its insurer's medical claims
 * (pharmacy claims are Rx), Rx the sum of its prescriptions' patient_paid; the premium is not included. Over the
 * last 12 months of the plan that have passed: `to` is the earlier of its end and today, `from` the later of its
 * start and 12 months before `to`. Money strings with 2 decimals.
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
  /** null when there is no plan, or it has not started. */
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

/**
 * GET /api/spending?by=month|year (default month): every period with a claim, oldest first, from the claims'
 * adjudications (a pharmacy fill is a claim too; prescriptions are not counted again).
 */
export interface SpendingResponse {
  by: SpendingGrouping;
  periods: SpendingPeriod[];
  asOf: string | null;
}

/** Severity of a drug interaction (part 2 §3, §9); a level the web does not know is shown as unknown. */
export const INTERACTION_LEVELS = ['major', 'moderate', 'minor', 'unknown'] as const;
export type InteractionLevel = (typeof INTERACTION_LEVELS)[number];

/** One interaction between two of the member's drugs. */
export interface DrugInteraction {
  drug_a: string;
  drug_b: string;
  level: InteractionLevel;
}

/** GET /api/drugInteractions: every interaction between the member's drugs (empty when none or no drugs). */
export interface DrugInteractionsResponse {
  interactions: DrugInteraction[];
  /** YYYY-MM-DD: the date of the interaction lists checked against (a published snapshot, never live). */
  asOf: string;
  /** The lists checked against, for a line under the widget. */
  source: string;
  /** The member's drugs that could not be identified by code (no NDC, or one the reference tables lack): not checked. */
  unchecked: string[];
}

// ---------------------------------------------------------------------------------------------------------------
// Query rules, shared: the server answers 400 with the field and this message; the pages may check a URL's
// `search` before they send it.

/** The longest health history `search`. */
export const SEARCH_MAX_LENGTH = 200;
const CURSOR_PATTERN = /^[A-Za-z0-9_-]{1,200}$/;

export const HealthDataQueryMessages = {
  limit: `limit must be a whole number from 1 to ${MAX_PAGE_SIZE}`,
  cursor: 'cursor is not one this list gave: start again from the first page',
  search: `search must be at most ${SEARCH_MAX_LENGTH} characters`,
  control: 'must not contain control characters',
  serviceIdWithCursor: 'serviceID opens the first pages: send it without a cursor',
  sort: 'sort must be newest or oldest',
  by: 'by must be month or year',
} as const;

/** A query string as it arrives: every value text, or missing. */
export type QueryParams<T> = { [K in keyof T]?: string | null };

function parseLimit(value: string | null | undefined): number | null {
  if (value == null) return LIST_PAGE_SIZE;
  if (!/^\d{1,3}$/.test(value)) return null;
  const limit = Number(value);
  return limit >= 1 && limit <= MAX_PAGE_SIZE ? limit : null;
}

const parseCursor = (value: string | null | undefined): string | undefined | null =>
  value == null ? undefined : CURSOR_PATTERN.test(value) ? value : null;

/** GET /api/explanationOfBenefits: `limit` defaults to LIST_PAGE_SIZE; a blank `search` is none. */
export function parseExplanationOfBenefitsQuery(
  input: QueryParams<ExplanationOfBenefitsQuery>,
): Parsed<ExplanationOfBenefitsQuery & { limit: number }, keyof ExplanationOfBenefitsQuery> {
  const limit = parseLimit(input.limit);
  if (limit === null) return invalid('limit', HealthDataQueryMessages.limit);
  const cursor = parseCursor(input.cursor);
  if (cursor === null) return invalid('cursor', HealthDataQueryMessages.cursor);
  const search = input.search ?? '';
  if (search.length > SEARCH_MAX_LENGTH) return invalid('search', HealthDataQueryMessages.search);
  if (hasControlCharacters(search)) return invalid('search', `search ${HealthDataQueryMessages.control}`);
  const serviceID = input.serviceID || undefined;
  if (serviceID && hasControlCharacters(serviceID)) return invalid('serviceID', `serviceID ${HealthDataQueryMessages.control}`);
  if (serviceID && cursor) return invalid('serviceID', HealthDataQueryMessages.serviceIdWithCursor);
  return valid({
    limit,
    ...(cursor && { cursor }),
    ...(search.trim() && { search: search.trim() }),
    ...(serviceID && { serviceID }),
  });
}

/** GET /api/userDrugs: `limit` defaults to LIST_PAGE_SIZE, `sort` to newest. */
export function parseUserDrugsQuery(
  input: QueryParams<UserDrugsQuery>,
): Parsed<{ limit: number; cursor?: string; sort: RxHistorySort }, keyof UserDrugsQuery> {
  const limit = parseLimit(input.limit);
  if (limit === null) return invalid('limit', HealthDataQueryMessages.limit);
  const cursor = parseCursor(input.cursor);
  if (cursor === null) return invalid('cursor', HealthDataQueryMessages.cursor);
  const sort = input.sort ?? 'newest';
  if (sort !== 'newest' && sort !== 'oldest') return invalid('sort', HealthDataQueryMessages.sort);
  return valid({ limit, ...(cursor && { cursor }), sort });
}

/** GET /api/spending: `by` defaults to month. */
export function parseSpendingQuery(input: QueryParams<{ by: SpendingGrouping }>): Parsed<{ by: SpendingGrouping }, 'by'> {
  const by = input.by ?? 'month';
  return by === 'month' || by === 'year' ? valid({ by }) : invalid('by', HealthDataQueryMessages.by);
}
