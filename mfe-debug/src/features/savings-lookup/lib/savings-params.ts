import { parseCheckSavings, splitNdcList, type CheckSavingsField, type CheckSavingsRequest, type Parsed } from '@healthlink/contracts';

/** The form as typed: the NDC list is free text until it is split. */
export type SavingsFormValues = Record<CheckSavingsField, string>;

/**
 * The page's defaults (spec part 2 §9): the spec's NDCs and ZIP; a sample phone from the 555-01xx range set aside for
 * fiction, and the NPI of a pharmacy in the sandbox coupon service's network.
 */
export const SAVINGS_DEFAULTS: Readonly<SavingsFormValues> = {
  ndcList: '59417010210,21695078460',
  phoneNumber: '3605550123',
  zipCode: '98501',
  pharmacyNPI: '1003000126',
};

/** The query-string parameter of each field: the page's state lives in the query string (spec part 2 §2). */
export const SAVINGS_PARAMS: Readonly<Record<CheckSavingsField, string>> = {
  ndcList: 'ndcs',
  phoneNumber: 'phone',
  zipCode: 'zip',
  pharmacyNPI: 'npi',
};

const FIELDS = Object.keys(SAVINGS_PARAMS) as CheckSavingsField[];

/** The form a query string stands for: a parameter that is absent takes its default; one that is empty stays empty. */
export function formFromSearch(search: URLSearchParams): SavingsFormValues {
  return Object.fromEntries(
    FIELDS.map((field) => [field, search.get(SAVINGS_PARAMS[field]) ?? SAVINGS_DEFAULTS[field]]),
  ) as SavingsFormValues;
}

/** The query string of a form: every field, the NDCs as one comma-separated list. */
export function searchFromForm(values: SavingsFormValues): URLSearchParams {
  const search = new URLSearchParams();
  for (const field of FIELDS) {
    search.set(SAVINGS_PARAMS[field], field === 'ndcList' ? splitNdcList(values.ndcList).join(',') : values[field].trim());
  }
  return search;
}

/** The request a form makes, checked by the shared rules (the server checks the same ones). */
export function requestFromForm(values: SavingsFormValues): Parsed<CheckSavingsRequest, CheckSavingsField> {
  return parseCheckSavings({ ...values, ndcList: splitNdcList(values.ndcList) });
}

export const isSavingsField = (field: string): field is CheckSavingsField => (FIELDS as string[]).includes(field);
