/**
 * Drugs and prices (spec part 1 §2, §3, §5, §7, §8; part 2 §2, §3, §4, §7, §8): drug lookup and manual entry,
 * the coupon search and enrollment (polled), savings by NDC list. Every price carries the date of its data.
 */
import { hasControlCharacters, INPUT_MAX_LENGTH } from './fields';
import { invalid, valid, type Parsed, type Unchecked } from './parsed';

/** `{couponService}` in the spec's paths. */
export const COUPON_SERVICE_PATH = 'coupons';

/** The lookup form's Drug Type options (part 1 §9), in this order. */
export const DRUG_FORMS = ['TABLET', 'CAPSULE', 'LIQUID', 'INJECTION', 'CREAM', 'OINTMENT'] as const;
export type DrugForm = (typeof DRUG_FORMS)[number];

/** The coupon phone number's length (part 1 §9). */
export const COUPON_PHONE_DIGITS = 10;
/** The most NDCs one savings check takes. */
export const SAVINGS_MAX_NDCS = 50;

/** Texts of the coupon, lookup and savings flows, word for word where the spec gives them. */
export const PricingTexts = {
  // Coupon card (part 1 §8, part 2 §8).
  couponSearchFailed: 'Something went wrong, please try again later',
  couponNotFound: 'Could not find coupon for this drug',
  drugNameRequired: 'Please enter a drug name',
  phoneInvalid: 'Please enter a valid 10 digit phone number',
  popupBlocked:
    'You have been redirected to RxLink. If the new window/tab does not open, please enable pop-ups for this site and try again.',
  enrollmentFailed: 'Your request could not be completed at this time. Please try again later.',
  enrollmentDuplicate: 'This phone number is already enrolled with the coupon service.',
  // Lookup page (part 1 §5, §8).
  lookupTitle: 'Add a prescription medication to find coupons',
  pricePaidInvalid: 'Please enter a valid price paid',
  fieldRequired: 'Please fill out this field',
  drugFormRequired: 'Please select a type',
  zipcodeInvalid: 'Please enter a 5 digit ZIP code',
  ndcInvalid: 'Please enter the 10 or 11 digit NDC from the label, with or without dashes',
  tooLong: `Please enter at most ${INPUT_MAX_LENGTH} characters`,
  lookupFailed: 'Failed to lookup drug',
  lookupNone: 'No medication information found',
  saveFailed: 'Failed to save drug',
  // Savings (part 2 §5, §8).
  savingsFailed: 'Something went wrong generating savings, please try again later.',
  ndcListEmpty: 'Please enter at least one NDC code',
  ndcListTooLong: `Please enter at most ${SAVINGS_MAX_NDCS} NDC codes`,
  pharmacyNpiInvalid: 'Please enter the pharmacy NPI as 10 digits',
} as const;

// ---------------------------------------------------------------------------------------------------------------
// Prices

/** Where a NADAC figure comes from: this week's CMS file, or the 2013-2022 history (an NDC no longer surveyed). */
export type NadacSource = 'nadac-weekly' | 'nadac-history';

/** One NDC's NADAC (National Average Drug Acquisition Cost, CMS): what pharmacies pay, per pricing unit. */
export interface NadacPrice {
  ndc11: string;
  /** USD per pricing unit, as CMS prints it (5 decimals). */
  perUnit: string;
  /** EA, ML or GM; null for history rows (the history has no unit). */
  pricingUnit: string | null;
  /** YYYY-MM-DD the rate took effect. */
  effectiveDate: string;
  /** B (brand), G (generic) per CMS's "Classification for Rate Setting"; null when unknown (history rows). */
  classification: 'brand' | 'generic' | null;
  source: NadacSource;
}

/**
 * A price per fill, for the brand or the generic form of a drug. `price` is what the fill costs at NADAC plus the
 * dispensing fee (the formula is in the README and `formula`); every price carries its date.
 */
export interface FillPrice {
  /** The drug priced (RxNorm name, else the NADAC description). */
  name: string;
  ndc11: string;
  /** USD with 2 decimals. */
  price: string;
  /** Human-readable formula, e.g. "30 EA x $0.04512 NADAC + $10.50 dispensing fee". */
  formula: string;
  /** YYYY-MM-DD of the price data. */
  priceDate: string;
  source: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Drug lookup (POST /api/drugLookup) and manual entry (POST /api/userDrugs/add)

/** The lookup form as sent; `patientPaid` may arrive as text from the form. */
export interface DrugLookupRequest {
  drugName: string;
  drugDosage: string;
  drugForm: DrugForm;
  patientPaid: string | number;
  ndc?: string;
}

/** The same fields, checked: `patientPaid` a number of dollars, `ndc` in 11 digits when given. */
export interface CheckedDrugLookup {
  drugName: string;
  drugDosage: string;
  drugForm: DrugForm;
  patientPaid: number;
  ndc?: string;
}

/** POST /api/userDrugs/add: a lookup's fields, plus the match chosen (its NDC and RxCUI) where there was one. */
export interface AddUserDrugRequest extends DrugLookupRequest {
  rxcui?: string;
}

/** One candidate of a name search (part 1 §3). */
export interface DrugMatch {
  proprietaryName: string | null;
  drugName: string;
  strength: string | null;
  unit: string | null;
  dosageForm: string | null;
  nonProprietaryName: string | null;
  /** 11 digits; null when the match is a concept no NDC of ours names. */
  ndc: string | null;
  rxcui: string | null;
}

/** The one drug an NDC (or a single match) names. */
export interface LookedUpDrug {
  drug_name: string;
  drug_ndc: string | null;
  drug_rxcui: string | null;
}

/** Prices of a looked-up drug: brand and generic per fill (null where none is known), with their date. */
export interface DrugPricing {
  brand: FillPrice | null;
  generic: FillPrice | null;
  /** What the member said they paid, and what the cheaper of the two saves them (null when not cheaper). */
  patientPaid: string;
  savings: string | null;
}

/** POST /api/drugLookup: `matches` for a name search, else `drug`; `error` with `message` when nothing matched. */
export interface DrugLookupResponse {
  error: boolean;
  message: string;
  matches?: DrugMatch[];
  drug?: LookedUpDrug;
  pricing: DrugPricing | null;
}

/** POST /api/userDrugs/add */
export interface AddUserDrugResponse {
  message: string;
  /** The stored prescription's id. */
  id: string;
}

export type DrugLookupField = keyof DrugLookupRequest | 'zipcode';

const NDC_PRINTED = /^(\d{4}-\d{4}-\d{2}|\d{5}-\d{3}-\d{2}|\d{5}-\d{4}-\d{1,2}|\d{10}|\d{11})$/;
const MONEY_INPUT = /^\$?\s*\d{1,7}(\.\d{1,2})?$/;

/** The lookup form's rules (part 1 §5). The form also checks `zipcode`; the API takes the other fields. */
export function parseDrugLookup(input: Unchecked<DrugLookupRequest>): Parsed<CheckedDrugLookup, DrugLookupField> {
  for (const field of ['drugName', 'drugDosage'] as const) {
    const value = input[field];
    if (typeof value !== 'string' || !value.trim()) return invalid(field, PricingTexts.fieldRequired);
    if (value.length > INPUT_MAX_LENGTH) return invalid(field, PricingTexts.tooLong);
    if (hasControlCharacters(value)) return invalid(field, `${field} must not contain control characters`);
  }
  if (!(DRUG_FORMS as readonly unknown[]).includes(input.drugForm)) return invalid('drugForm', PricingTexts.drugFormRequired);
  const paid = parsePricePaid(input.patientPaid);
  if (paid === null) return invalid('patientPaid', PricingTexts.pricePaidInvalid);
  const ndcText = typeof input.ndc === 'string' ? input.ndc.trim() : '';
  if (input.ndc != null && typeof input.ndc !== 'string') return invalid('ndc', PricingTexts.ndcInvalid);
  if (ndcText && !NDC_PRINTED.test(ndcText)) return invalid('ndc', PricingTexts.ndcInvalid);
  return valid({
    drugName: input.drugName!.trim(),
    drugDosage: input.drugDosage!.trim(),
    drugForm: input.drugForm as DrugForm,
    patientPaid: paid,
    ...(ndcText && { ndc: ndcText }),
  });
}

/** Amount Paid: a number not below 0 (a leading $ and up to 2 decimals allowed); null when it is not one. */
export function parsePricePaid(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) && value >= 0 && value < 1e7 ? Math.round(value * 100) / 100 : null;
  if (typeof value !== 'string' || !MONEY_INPUT.test(value.trim())) return null;
  return Number(value.trim().replace(/^\$\s*/, ''));
}

/** The lookup form's Zipcode: 5 digits (ZIP+4 accepted, its first five kept). */
export function parseZipcode(value: unknown): Parsed<string, 'zipcode'> {
  const text = typeof value === 'string' ? value.trim() : '';
  if (!text) return invalid('zipcode', PricingTexts.fieldRequired);
  const match = /^(\d{5})(-\d{4})?$/.exec(text);
  return match ? valid(match[1]!) : invalid('zipcode', PricingTexts.zipcodeInvalid);
}

/** A coupon phone number: exactly 10 digits (part 1 §5, part 2 §5); dashes, dots, spaces and brackets are ignored. */
export function parsePhoneNumber(value: unknown): Parsed<string, 'phoneNumber'> {
  const digits = typeof value === 'string' && /^[\d\s().+-]{0,20}$/.test(value) ? value.replace(/\D/g, '') : '';
  const national = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  return national.length === COUPON_PHONE_DIGITS ? valid(national) : invalid('phoneNumber', PricingTexts.phoneInvalid);
}

// ---------------------------------------------------------------------------------------------------------------
// Coupon search and enrollment: POST /api/rxLink/getBestPrice and /api/rxLink/getEnrollment answer
// `{ pollingEventID }`; GET /api/pollingEvent/{id} then gives these responses.

/** POST /api/rxLink/getBestPrice. Open to visitors (public drug prices only); a session is used when present. */
export interface BestPriceRequest {
  drugName: string;
}

/** A brand or generic row of the simple card (part 1 §3). */
export interface CouponDrug {
  type: 'Brand' | 'Generic';
  name: string;
  ndc11: string | null;
  pharmacy: string | null;
  bestPrice: { cost: string | null; estRetailPrice: string | null };
}

/** One medication of the simple card: `names` is [generic, brand]. */
export interface CouponMedication {
  names: [string, string];
  description: string;
  drugs: CouponDrug[];
}

/** The Rx Coupons card's price data (part 2 §3). Money as "$12.34"; "N/A" where none. */
export interface CouponPriceData {
  displayName: string;
  displayDescription: string;
  brandName: string;
  brandBestPrice: string;
  brandEstimatedRetail: string;
  brandPharmacy: string;
  genericName: string;
  genericBestPrice: string;
  genericEstimatedRetail: string;
  genericPharmacy: string;
}

/** The value of `priceData` when no drug matched (part 2 §3). */
export const NO_DRUG_FOUND = 'no drug found';
/** The `response` of a search that found nothing (status `missing`) (part 1 §4). */
export const DRUG_NOT_FOUND = 'Drug not found';

/**
 * A `complete` getBestPrice event's response: both card variants' shapes, of the same prices. `asOf` is the date of
 * the coupon service's prices and `retailAsOf` that of the NADAC figures behind Estimated Retail Cost.
 */
export interface BestPriceResult {
  medications: CouponMedication[];
  priceData: CouponPriceData | typeof NO_DRUG_FOUND;
  asOf: string;
  retailAsOf: string | null;
}

/** A `failed` coupon event's response: the text to show. */
export interface CouponFailure {
  message: string;
}

/** POST /api/rxLink/getEnrollment (signed in): the phone, and the drug the coupon is for. */
export interface EnrollmentRequest {
  userPhoneNumber: string;
  drugName?: string;
  ndc?: string;
}

/** A `complete` getEnrollment event's response: the redemption page to open in a new tab. */
export interface EnrollmentResult {
  link: string;
}

// ---------------------------------------------------------------------------------------------------------------
// Savings: POST /api/coupons/checkSavings

export interface CheckSavingsRequest {
  ndcList: string[];
  phoneNumber: string;
  zipCode: string;
  pharmacyNPI: string;
}

/** One NDC's savings (part 2 §3). Money as "$12.34". */
export interface SavingsResult {
  ndc: string;
  fdaNdc: string;
  drugName: string;
  retailPrice: string;
  bestPrice: string;
  savings: string;
  pharmacy: string;
}

export interface CheckSavingsResponse {
  results: SavingsResult[];
  /**
   * When the coupon service answered (ISO 8601, our clock): what the staff savings page shows of the call. Nothing the
   * partner sent is passed through (its answer echoes the request, phone number included).
   */
  rawResponse: { timestamp: string };
  message: string;
  /** YYYY-MM-DD of the prices. */
  asOf: string | null;
}

export type CheckSavingsField = keyof CheckSavingsRequest;

/** The savings request's rules: NDCs split on commas, whitespace and newlines, dashes removed, blanks dropped. */
export function parseCheckSavings(input: Unchecked<CheckSavingsRequest>): Parsed<CheckSavingsRequest, CheckSavingsField> {
  const raw = input.ndcList;
  if (!Array.isArray(raw) || raw.some((ndc) => typeof ndc !== 'string')) return invalid('ndcList', PricingTexts.ndcListEmpty);
  const ndcList = splitNdcList(raw.join(','));
  if (!ndcList.length) return invalid('ndcList', PricingTexts.ndcListEmpty);
  if (ndcList.length > SAVINGS_MAX_NDCS) return invalid('ndcList', PricingTexts.ndcListTooLong);
  if (ndcList.some((ndc) => !/^\d{10,11}$/.test(ndc))) return invalid('ndcList', PricingTexts.ndcInvalid);
  const phone = parsePhoneNumber(input.phoneNumber);
  if (!phone.ok) return phone;
  const zip = parseZipcode(input.zipCode);
  if (!zip.ok) return invalid('zipCode', zip.problem.message);
  const npi = typeof input.pharmacyNPI === 'string' ? input.pharmacyNPI.trim() : '';
  if (!/^\d{10}$/.test(npi)) return invalid('pharmacyNPI', PricingTexts.pharmacyNpiInvalid);
  return valid({ ndcList, phoneNumber: phone.value, zipCode: zip.value, pharmacyNPI: npi });
}

/** The savings page's NDC input as a list (part 2 §5). */
export function splitNdcList(text: string): string[] {
  return text
    .split(/[\s,]+/)
    .map((ndc) => ndc.replace(/-/g, ''))
    .filter(Boolean);
}
