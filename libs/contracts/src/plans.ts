/**
 * Medicare plans (spec part 2 §1, §2 Plan details, §3, §4, §5, §7, §8, §9; part 1 §9): every 2026 plan offered in
 * the member's county, ranked by what the member's own last 12 months of claims and prescriptions would have cost
 * under it. Shared by the backend (module `plans`) and mfe-dashboard (the Medicare Options widget,
 * /medicareOptions, /planDetails, the contact form, the broker lead modal, the guidance).
 *
 * The flow: `GET /api/planRanks/getAllPlanRanks` answers `{pollingEventID}` at once; polling ends with
 * - `complete`, response `PlanRanksResult` (`result[]`, each `Value.rows`, concatenated: cheapest first),
 * - `missing`, response `PlanRanksMissing` (no ZIP, or a ZIP we cannot place in a county: the contact form),
 * - `failed`, response `PlanRanksFailure`.
 * The web then shows the contact form on `missing` or `failed`; it posts createContact, then reTriggerPlanRanks,
 * then getAllPlanRanks again.
 */
import { hasControlCharacters, INPUT_MAX_LENGTH } from './fields';
import { invalid, valid, type Parsed, type Unchecked } from './parsed';

/** `{planRankProvider}` of the spec is `planRanks`. */
export const PLAN_RANKS_PATHS = {
  getAllPlanRanks: '/api/planRanks/getAllPlanRanks',
  createContact: '/api/planRanks/createContact',
  reTriggerPlanRanks: '/api/planRanks/reTriggerPlanRanks',
  /** GET, `?bidId=H0104_012_0`: the whole arithmetic of one plan from the member's latest ranking. */
  estimate: '/api/planRanks/estimate',
  planBenefits: '/api/planBenefits',
  providerSearch: '/api/providerSearch',
  drugFormularySearch: '/api/drugFormularySearch',
  generateLead: '/api/eliteInsurance/generateLead',
  /** GET and PUT `{ optedIn }`: the enrollment-season e-mail (profile page). */
  alerts: '/api/planRanks/alerts',
} as const;

/** The plan year of the catalogue. */
export const PLAN_YEAR = 2026;

// ---------------------------------------------------------------------------------------------------------------
// Constants (part 2 §9)

/** /medicareOptions shows 10, Load more adds 10; the dashboard shows 5. */
export const PLAN_RANKS_PAGE_SIZE = 10;
export const PLAN_RANKS_DASHBOARD_COUNT = 5;
/** The progress bar: +1% every 100 ms up to 95%, then 100% when the ranks arrive. */
export const PLAN_RANKS_PROGRESS_TICK_MS = 100;
export const PLAN_RANKS_PROGRESS_CAP = 95;
/** Rank bar widths (px) by screen: under 640, 641-1400, above. The top 5 are compared with each other. */
export const PLAN_RANK_BAR_WIDTHS = { small: { min: 50, max: 150 }, medium: 200, large: 250 } as const;
/** The dashboard's plan table changes layout below this width (px). */
export const PLAN_TABLE_BREAKPOINT = 1000;
/** The enrollment-season e-mail goes out when a plan would have cost at least this much less (dollars, 12 months). */
export const PLAN_ALERT_MIN_SAVINGS = 100;

/**
 * Monthly = yearly / 12 rounded to the cent (part 2 §9 "rounded"), in whole cents so that a half cent rounds up as
 * written ($0.42 a year is $0.04 a month): the arithmetic the web and server share.
 */
export const monthlyOf = (yearly: number): number => Math.round(Math.round(yearly * 100) / 12) / 100;

// ---------------------------------------------------------------------------------------------------------------
// The rank row (part 2 §3): bidId and 16 columns

/**
 * `columns[i]` for i = 1..16 (part 2 §3); `columns[0]` is the bidId again so the indexes match the spec's. Money
 * columns are strings that begin with "$" (e.g. "$1,234.56"; a credit "-$12.00"): /planDetails strips the "$".
 * Yearly: 5 total, 6 premium (after the Part B reduction), 7 medical and 8 pharmacy premium, 9 medical and 10 pharmacy
 * cost, 14 MSA deposit, 15 supplemental value ("$0.00": extras are named, never priced), 16 net impact ("N/A" without
 * a current plan). Monthly (yearly / 12, rounded to the cent): 11 premium, 12 medical cost, 13 pharmacy cost.
 */
export const PLAN_COLUMN = {
  planName: 1,
  carrier: 2,
  planType: 3,
  network: 4,
  totalEstCost: 5,
  premium: 6,
  medicalPremium: 7,
  pharmacyPremium: 8,
  estMedCost: 9,
  estPharmCost: 10,
  monthlyPremium: 11,
  estMonthlyMedCost: 12,
  estMonthlyPharmCost: 13,
  msaDeposit: 14,
  suppValue: 15,
  netImpact: 16,
} as const;
export type PlanColumnName = keyof typeof PLAN_COLUMN;

export interface PlanRankRow {
  /** `${hNumber}_${planIdentifier}`, e.g. "H0104_012_0" (contract, plan, segment). */
  bidId: string;
  /** 17 strings: [bidId, ...the 16 columns of PLAN_COLUMN]. */
  columns: string[];
  /** Yearly cost under this plan minus under the member's current plan (negative: saves). null: no current plan known. */
  netImpact: number | null;
  /** 1 = cheapest. */
  rank: number;
  /** Extras beside the columns, for the list and the details page. */
  starRating: number | null;
  /** "MA-PD" | "MA" | "PDP" | "Cost" as the landscape names the category. */
  category: string;
}

/** One entry of `result` (the spec's shape: each entry's `Value.rows` concatenated). */
export interface PlanRankGroup {
  Key: string;
  Value: { rows: PlanRankRow[] };
}

/** The county the plans were looked up for, and how we found it. */
export interface PlanRankPlace {
  zip: string;
  state: string;
  county: string;
  /** Where the ZIP came from. */
  source: 'contact' | 'profile';
  /** The ZIP lies in several counties: the first the ZIP list names was used; these are the others. */
  otherCounties: string[];
}

/** The member's current plan, as compared against (netImpact), from their coverage and claims. */
export interface PlanRankCurrentPlan {
  name: string;
  /** Matched to a catalogue plan: its bidId; null: the current plan was costed from the member's actual payments. */
  bidId: string | null;
  /** The yearly cost it is compared with (money string). */
  yearlyCost: string;
  basis: 'catalogue' | 'actual-payments';
}

/** The inputs the estimate used, counted, so the member can see what it rests on. */
export interface PlanRankInputs {
  /** YYYY-MM-DD, inclusive: the 12 months of claims and fills used. */
  from: string;
  to: string;
  claims: number;
  /** Claims that were left out (no amount, not a medical service) and why, counted. */
  claimsSkipped: number;
  drugs: number;
  /** Drugs with no price we could find: costed at $0 and named in the panel. */
  drugsUnpriced: number;
}

export interface PlanRanksResult {
  result: PlanRankGroup[];
  place: PlanRankPlace;
  currentPlan: PlanRankCurrentPlan | null;
  inputs: PlanRankInputs;
  /** The date of the plan data (YYYY-MM-DD): the 2026 Plan Finder and Landscape snapshot. Shown with every plan. */
  dataAsOf: string;
  /** The date of the drug prices used (YYYY-MM-DD) or null when no drug was priced. */
  priceAsOf: string | null;
  /** When this ranking was computed (ISO 8601). */
  computedAt: string;
  /** Plans the data lists for the county but that were left out, counted by reason. */
  excluded: { specialNeeds: number; noCostDetails: number };
}

export type PlanRanksMissingReason = 'no-zip' | 'unknown-zip' | 'no-plans';
export interface PlanRanksMissing {
  reason: PlanRanksMissingReason;
  message: string;
}
export interface PlanRanksFailure {
  message: string;
}

// ---------------------------------------------------------------------------------------------------------------
// The arithmetic of one plan ("how we estimated this"): GET /api/planRanks/estimate?bidId=

/** A line of the arithmetic: what it is, the rule applied, and the dollars. */
export interface PlanEstimateLine {
  /** e.g. "Primary doctor visit", "Tier 1 (Preferred Generic)". */
  label: string;
  /** The plan's own words for the rule, as published (e.g. "In-network: $5 copay | Out-of-network: 50% coinsurance"). */
  planText: string | null;
  /** How the rule was applied, e.g. "4 visits x $5 copay", "25% of $1,204.00". */
  calculation: string;
  /** Money string. */
  amount: string;
  /** How many claims or fills the line covers. */
  count: number;
}

export interface PlanEstimate {
  bidId: string;
  planName: string;
  carrier: string;
  planType: string;
  premiums: {
    /** Monthly, money strings. */
    total: string;
    medical: string;
    pharmacy: string;
    partBReduction: string;
    /** Yearly: total x 12 - reduction x 12. */
    yearly: string;
  };
  medical: {
    lines: PlanEstimateLine[];
    /** Before the MOOP cap. */
    subtotal: string;
    /** The in-network maximum out-of-pocket (money string), or null when the plan has none (Original Medicare). */
    moop: string | null;
    capped: boolean;
    total: string;
  };
  pharmacy: {
    lines: PlanEstimateLine[];
    deductible: string;
    total: string;
    /** The plan lists no formulary in our data: each drug's tier is estimated (generic / brand / specialty by price). */
    tiersEstimated: boolean;
  };
  msaDeposit: string;
  total: string;
  /** Listed beside the total, never subtracted from it. */
  supplementalValue: string;
  supplementalItems: string[];
  starRating: number | null;
  netImpact: string | null;
  /** Plain words on what the estimate cannot know (network, formulary, future use). */
  caveats: string[];
  dataAsOf: string;
  sourceUrl: string | null;
}

// ---------------------------------------------------------------------------------------------------------------
// The contact form (part 2 §3, §4, §5)

export const US_STATES: readonly { code: string; name: string }[] = [
  { code: 'AL', name: 'Alabama' },
  { code: 'AK', name: 'Alaska' },
  { code: 'AZ', name: 'Arizona' },
  { code: 'AR', name: 'Arkansas' },
  { code: 'CA', name: 'California' },
  { code: 'CO', name: 'Colorado' },
  { code: 'CT', name: 'Connecticut' },
  { code: 'DE', name: 'Delaware' },
  { code: 'FL', name: 'Florida' },
  { code: 'GA', name: 'Georgia' },
  { code: 'HI', name: 'Hawaii' },
  { code: 'ID', name: 'Idaho' },
  { code: 'IL', name: 'Illinois' },
  { code: 'IN', name: 'Indiana' },
  { code: 'IA', name: 'Iowa' },
  { code: 'KS', name: 'Kansas' },
  { code: 'KY', name: 'Kentucky' },
  { code: 'LA', name: 'Louisiana' },
  { code: 'ME', name: 'Maine' },
  { code: 'MD', name: 'Maryland' },
  { code: 'MA', name: 'Massachusetts' },
  { code: 'MI', name: 'Michigan' },
  { code: 'MN', name: 'Minnesota' },
  { code: 'MS', name: 'Mississippi' },
  { code: 'MO', name: 'Missouri' },
  { code: 'MT', name: 'Montana' },
  { code: 'NE', name: 'Nebraska' },
  { code: 'NV', name: 'Nevada' },
  { code: 'NH', name: 'New Hampshire' },
  { code: 'NJ', name: 'New Jersey' },
  { code: 'NM', name: 'New Mexico' },
  { code: 'NY', name: 'New York' },
  { code: 'NC', name: 'North Carolina' },
  { code: 'ND', name: 'North Dakota' },
  { code: 'OH', name: 'Ohio' },
  { code: 'OK', name: 'Oklahoma' },
  { code: 'OR', name: 'Oregon' },
  { code: 'PA', name: 'Pennsylvania' },
  { code: 'RI', name: 'Rhode Island' },
  { code: 'SC', name: 'South Carolina' },
  { code: 'SD', name: 'South Dakota' },
  { code: 'TN', name: 'Tennessee' },
  { code: 'TX', name: 'Texas' },
  { code: 'UT', name: 'Utah' },
  { code: 'VT', name: 'Vermont' },
  { code: 'VA', name: 'Virginia' },
  { code: 'WA', name: 'Washington' },
  { code: 'WV', name: 'West Virginia' },
  { code: 'WI', name: 'Wisconsin' },
  { code: 'WY', name: 'Wyoming' },
];

/** The form's defaults (part 2 §5): day and month 01, year 2001. */
export const PLAN_CONTACT_DEFAULTS = { day: '01', month: '01', year: '2001' } as const;

/** POST /api/planRanks/createContact. userId and email come from the session; sent in the body they are ignored. */
export interface PlanContactRequest {
  patientId?: string | null;
  gender: 'male' | 'female';
  /** YYYY-MM-DD built from day, month, year. */
  birthDate: string;
  streetAddress: string;
  city: string;
  /** Two-letter code of one of the 50 states. */
  state: string;
  /** 5 digits (ZIP+4 accepted; its first five kept). */
  postalCode: string;
}
export type PlanContactField = 'patientId' | 'gender' | 'birthDate' | 'streetAddress' | 'city' | 'state' | 'postalCode';

export const PlanTexts = {
  fieldRequired: 'This field is required',
  birthDateInvalid: 'Please enter a valid date of birth',
  stateInvalid: 'Please choose a state',
  postalCodeInvalid: 'Please enter a 5-digit ZIP code',
  genderInvalid: 'Please choose male or female',
  textInvalid: 'Please remove special characters',
  /** part 2 §8 */
  benefitsFailed: "Couldn't get plan benefits. Please try again later.",
  leadFailed: 'Something went wrong. Please try again later.',
  leadSent: 'A broker will reach out to you shortly!',
  noBenefits: '*No enhanced or rideshare benefits available for this plan at this time*',
  searchNoDrug: 'Could Not Find Drug With This Name',
  searchNoProviders: 'No Providers Found',
  searchNoFormulary: 'No Drug Formulary Found',
  searchNoCarrier: 'No Client Declaration For This Carrier',
  searchNoCarrierMessage: 'This service is not available for this carrier at this time. We apologize for any inconvenience.',
  searchFailed: 'Something went wrong, please try again later',
  /** `missing` reasons. */
  missingZip: 'Tell us where you live so we can find the Medicare plans offered in your county.',
  missingUnknownZip: 'We could not place your ZIP code in a county. Check the address below so we can find the plans offered there.',
  missingNoPlans: 'Our 2026 plan data lists no plans we can price for your county. Call us and a broker will look with you.',
  failed: 'Something went wrong ranking your Medicare plans. Please try again later.',
  phoneInvalid: 'Please enter a 10-digit phone number',
} as const;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A real calendar date, not in the future, not before 1900. */
export function isValidBirthDate(value: string, today = new Date()): boolean {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1900 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getTime() <= today.getTime()
  );
}

/** "1", "2", "2001" -> "2001-01-02"; null when a part is not a number. */
export function birthDateOf(day: string, month: string, year: string): string | null {
  if (!/^\d{1,2}$/.test(day.trim()) || !/^\d{1,2}$/.test(month.trim()) || !/^\d{4}$/.test(year.trim())) return null;
  return `${year.trim()}-${month.trim().padStart(2, '0')}-${day.trim().padStart(2, '0')}`;
}

function requiredText<F extends PlanContactField>(field: F, value: unknown): Parsed<string, F> {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return invalid(field, PlanTexts.fieldRequired);
  if (text.length > INPUT_MAX_LENGTH || hasControlCharacters(text)) return invalid(field, PlanTexts.textInvalid);
  return valid(text);
}

/** The form's and the server's one rule: every field required (part 2 §5). */
export function parsePlanContact(input: Unchecked<PlanContactRequest>): Parsed<PlanContactRequest, PlanContactField> {
  const gender = input.gender;
  if (gender !== 'male' && gender !== 'female') return invalid('gender', gender ? PlanTexts.genderInvalid : PlanTexts.fieldRequired);
  const birthDate = typeof input.birthDate === 'string' ? input.birthDate.trim() : '';
  if (!birthDate) return invalid('birthDate', PlanTexts.fieldRequired);
  if (!isValidBirthDate(birthDate)) return invalid('birthDate', PlanTexts.birthDateInvalid);
  const street = requiredText('streetAddress', input.streetAddress);
  if (!street.ok) return street;
  const city = requiredText('city', input.city);
  if (!city.ok) return city;
  const state = typeof input.state === 'string' ? input.state.trim().toUpperCase() : '';
  if (!state) return invalid('state', PlanTexts.fieldRequired);
  if (!US_STATES.some((entry) => entry.code === state)) return invalid('state', PlanTexts.stateInvalid);
  const postal = typeof input.postalCode === 'string' ? input.postalCode.trim() : '';
  if (!postal) return invalid('postalCode', PlanTexts.fieldRequired);
  const zip = /^(\d{5})(-\d{4})?$/.exec(postal);
  if (!zip) return invalid('postalCode', PlanTexts.postalCodeInvalid);
  const patientId = typeof input.patientId === 'string' && input.patientId.trim() ? input.patientId.trim() : null;
  if (patientId !== null && !/^[A-Za-z0-9._-]{1,64}$/.test(patientId)) {
    return invalid('patientId', 'patientId must be up to 64 letters, digits, dots, dashes or underscores');
  }
  return valid({ patientId, gender, birthDate, streetAddress: street.value, city: city.value, state, postalCode: zip[1]! });
}

export interface PlanContactResponse {
  message: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Plan benefits (part 2 §3, §7)

/** POST /api/planBenefits */
export interface PlanBenefitsRequest {
  hNumber: string;
  planIdentifier: string;
}
/** One supplemental benefit as the plan publishes it. */
export interface PlanBenefitItem {
  /** e.g. "Hearing aids - prescription". */
  name: string;
  /** e.g. "In-network: $499-$999 copay | Out-of-network: $499-$999 copay". */
  value: string;
  /** From the plan's page: limits apply, prior authorization, referral. */
  flags: string[];
}
export interface PlanBenefitsResponse {
  enhancedBenefits: { pbp_b14c_bendesc_ehc: PlanBenefitItem[] };
  rideshareBenefits: { pbp_b10b_bendesc_mt_pal_d: string | null };
  /** Every benefit table of the plan's page, by section, for the details page. */
  sections: { section: string; table: string; items: PlanBenefitItem[] }[];
  dataAsOf: string;
  sourceUrl: string | null;
}

/** hNumber "H0104", planIdentifier "012_0" or "012-0" or "012" (segment 0). Answers the bidId. */
export function parsePlanKey(hNumber: unknown, planIdentifier: unknown): Parsed<string, 'hNumber' | 'planIdentifier'> {
  const contract = typeof hNumber === 'string' ? hNumber.trim().toUpperCase() : '';
  if (!/^[HRSE]\d{4}$/.test(contract)) return invalid('hNumber', 'hNumber must be a contract number such as H0104');
  const plan = typeof planIdentifier === 'string' ? planIdentifier.trim() : '';
  const match = /^(\d{3})(?:[_-](\d{1,3}))?$/.exec(plan);
  if (!match) return invalid('planIdentifier', 'planIdentifier must be a plan number such as 012_0');
  return valid(`${contract}_${match[1]}_${Number(match[2] ?? '0')}`);
}

/** A bidId as the API takes it ("H0104_012_0"), checked by the same rule as hNumber and planIdentifier; normalised. */
export function parseBidId(value: unknown): Parsed<string, 'bidId'> {
  const match = typeof value === 'string' ? /^([A-Za-z]\d{4})_(\d{3}_\d{1,3})$/.exec(value.trim()) : null;
  const key = match ? parsePlanKey(match[1], match[2]) : null;
  return key?.ok ? valid(key.value) : invalid('bidId', 'bidId must be a plan id such as H0104_012_0');
}

/** "H0104_012_0" -> { hNumber: "H0104", planIdentifier: "012_0" }. */
export function splitBidId(bidId: string): { hNumber: string; planIdentifier: string } {
  const [hNumber = '', ...rest] = bidId.split('_');
  return { hNumber, planIdentifier: rest.join('_') };
}

// ---------------------------------------------------------------------------------------------------------------
// Provider and drug searches (part 2 §3, §7): pollingEventID, then `status` and `response`

export interface ProviderSearchRequest {
  carrier: string;
  providerName: string;
  /** Optional: the plan the page shows (the search is in the member's own state). */
  bidId?: string;
}
export interface DrugFormularySearchRequest {
  carrier: string;
  drugName: string;
  /** Optional: the plan whose tier costs are shown; without it, the carrier's plans in the member's county. */
  bidId?: string;
}
export type PlanSearchStatus =
  | 'complete'
  | typeof PlanTexts.searchNoDrug
  | typeof PlanTexts.searchNoProviders
  | typeof PlanTexts.searchNoFormulary
  | typeof PlanTexts.searchNoCarrier
  | typeof PlanTexts.searchFailed;

/** The polled response of both searches. `status` is also the polling status' companion (complete or missing). */
export interface PlanSearchResponse {
  status: PlanSearchStatus;
  response: {
    tableHeaders: string[];
    tableData: string[][];
    /** What the table can and cannot say (e.g. "network membership not verified"). */
    note: string | null;
    dataAsOf: string | null;
  } | null;
}

/** Display text of a search status (part 2 §8). */
export function planSearchMessage(status: string): string | null {
  switch (status) {
    case 'complete':
      return null;
    case PlanTexts.searchNoDrug:
    case PlanTexts.searchNoProviders:
    case PlanTexts.searchNoFormulary:
      return status;
    case PlanTexts.searchNoCarrier:
      return PlanTexts.searchNoCarrierMessage;
    default:
      return PlanTexts.searchFailed;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Broker lead (part 2 §4, §5, §7)

/** POST /api/eliteInsurance/generateLead. The plan is optional context for the broker. */
export interface GenerateLeadRequest {
  phoneNumber: string;
  bidId?: string | null;
}
export interface GenerateLeadResponse {
  message: string;
}

/** The broker phone: required, 10 digits (a leading 1 and separators allowed). */
export function parseBrokerPhone(value: unknown): Parsed<string, 'phoneNumber'> {
  const text = typeof value === 'string' ? value : '';
  if (!text.trim()) return invalid('phoneNumber', PlanTexts.fieldRequired);
  const digits = /^[\d\s().+-]{0,20}$/.test(text) ? text.replace(/\D/g, '') : '';
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === 10 ? valid(national) : invalid('phoneNumber', PlanTexts.phoneInvalid);
}

// ---------------------------------------------------------------------------------------------------------------
// Enrollment-season alerts (profile page)

export interface PlanAlertsSettings {
  optedIn: boolean;
}

// ---------------------------------------------------------------------------------------------------------------
// Medicare guidance (part 1 §9, part 2 §9)

export interface EnrollmentPeriod {
  name: string;
  /** Plain words: when it runs and what one can do in it. */
  text: string;
}

/** Annual enrollment Oct 15 - Dec 7 (month is 1-based). */
export const ANNUAL_ENROLLMENT = { start: { month: 10, day: 15 }, end: { month: 12, day: 7 } } as const;
/** Medicare Advantage open enrollment Jan 1 - Mar 31. */
export const ADVANTAGE_OPEN_ENROLLMENT = { start: { month: 1, day: 1 }, end: { month: 3, day: 31 } } as const;

const inWindow = (date: Date, window: { start: { month: number; day: number }; end: { month: number; day: number } }): boolean => {
  const key = (date.getUTCMonth() + 1) * 100 + date.getUTCDate();
  return key >= window.start.month * 100 + window.start.day && key <= window.end.month * 100 + window.end.day;
};
export const isAnnualEnrollment = (date: Date): boolean => inWindow(date, ANNUAL_ENROLLMENT);
export const isAdvantageOpenEnrollment = (date: Date): boolean => inWindow(date, ADVANTAGE_OPEN_ENROLLMENT);

/**
 * The initial enrollment period: 7 months around the 65th birthday (3 months before the birth month, the birth
 * month, 3 after). Answers the first day of its first month and the last day of its last month (YYYY-MM-DD).
 */
export function initialEnrollmentPeriod(birthDate: string): { from: string; to: string } | null {
  const match = DATE.exec(birthDate);
  if (!match) return null;
  const year = Number(match[1]) + 65;
  const month = Number(match[2]) - 1;
  const from = new Date(Date.UTC(year, month - 3, 1));
  const to = new Date(Date.UTC(year, month + 4, 0));
  return { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) };
}

export const MEDICARE_GUIDANCE: readonly EnrollmentPeriod[] = [
  {
    name: 'Initial Enrollment Period',
    text: 'Seven months around your 65th birthday: the 3 months before your birth month, your birth month, and the 3 months after. Sign up early so coverage starts the month you turn 65.',
  },
  {
    name: 'Annual Enrollment Period (October 15 - December 7)',
    text: 'Anyone with Medicare can join, switch or drop a Medicare Advantage or drug plan. Your new coverage starts January 1.',
  },
  {
    name: 'Medicare Advantage Open Enrollment (January 1 - March 31)',
    text: 'If you are in a Medicare Advantage plan, you can switch to another Medicare Advantage plan or go back to Original Medicare (and join a drug plan) once.',
  },
  {
    name: 'Special Enrollment Periods',
    text: 'Some events let you change plans at other times: moving out of your plan’s area, losing other coverage (such as from an employer), moving into or out of a nursing home, qualifying for Extra Help or Medicaid, or your plan leaving Medicare.',
  },
];
