import type { ClinicalTrial } from '@healthlink/contracts';

/** Part 2 §2: the trial detail page, which reads everything it shows from its query string. */
export const TRIAL_DETAIL_PATH = '/clinicalTrialsMore';

/** The detail page's query parameters, in the spec's order (part 2 §2, Clinical trial detail). */
export const DETAIL_PARAMS = [
  'organization',
  'nctId',
  'officialTitle',
  'overallStatus',
  'briefSummary',
  'startDate',
  'primaryCompletionDate',
  'lastUpdatePostDate',
  'detailedDescription',
  'phases',
  'conditions',
  'eligibilityCriteria',
  'healthyVolunteers',
  'sex',
  'minimumAge',
  'stdAges',
  'interventionType',
  'interventionName',
  'interventionDescription',
  'primaryOutcomeMeasure',
  'primaryOutcomeTimeFrame',
] as const;
export type DetailParam = (typeof DETAIL_PARAMS)[number];

/** The spec's three comma lists. */
export const LIST_PARAMS = ['phases', 'conditions', 'stdAges'] as const satisfies readonly DetailParam[];
type ListParam = (typeof LIST_PARAMS)[number];
type TextParam = Exclude<DetailParam, ListParam | 'healthyVolunteers'>;

/** What the detail page shows: every parameter, a list for the comma lists, null when the link did not carry it. */
export type TrialDetail = { [K in TextParam]: string | null } & { [K in ListParam]: string[] } & { healthyVolunteers: boolean | null };

/** The long texts, which a link may shorten to stay a URL every server accepts (see MAX_DETAIL_URL_LENGTH). */
const LONG_TEXTS = [
  'detailedDescription',
  'eligibilityCriteria',
  'briefSummary',
  'interventionDescription',
] as const satisfies readonly TextParam[];

/**
 * A study's detailed description and criteria can run to tens of kilobytes, and a request line that long is refused
 * by servers and proxies (Node's default header limit is 16 KB, many proxies allow 8 KB). The link keeps the whole
 * URL within this many characters by shortening the longest texts first; a shortened text ends with TRUNCATION_MARK
 * and the page says so, pointing to the full record on ClinicalTrials.gov.
 */
export const MAX_DETAIL_URL_LENGTH = 7_500;
export const TRUNCATION_MARK = ' […]';
const MIN_SHORTENED_LENGTH = 200;

/** ClinicalTrials.gov identifiers: NCT and 8 digits. */
const NCT_ID = /^NCT\d{8}$/;

/** The identifier as the registry writes it (trimmed, upper case), or null when it is not NCT + 8 digits. */
export function normalizeNctId(value: string | null | undefined): string | null {
  const id = (value ?? '').trim().toUpperCase();
  return NCT_ID.test(id) ? id : null;
}

// Items of a comma list may hold commas themselves ("Diabetes Mellitus, Type 2"): those are written "\," (and a
// backslash "\\"), so a plain list such as "PHASE1,PHASE2" reads as the spec writes it.
const escapeItem = (item: string) => item.replace(/\\/g, '\\\\').replace(/,/g, '\\,');

/** Joins a list as the spec's comma list, escaping commas inside items. */
export function joinCommaList(items: readonly string[]): string {
  return items
    .map((item) => item.trim())
    .filter(Boolean)
    .map(escapeItem)
    .join(',');
}

/** Splits a comma list; "\," is a comma inside an item. Blank items are dropped. */
export function splitCommaList(value: string | null): string[] {
  if (!value) return [];
  const items: string[] = [];
  let current = '';
  for (let index = 0; index < value.length; index += 1) {
    const char = value[index];
    if (char === '\\' && index + 1 < value.length) {
      current += value[index + 1];
      index += 1;
    } else if (char === ',') {
      items.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  items.push(current);
  return items.map((item) => item.trim()).filter(Boolean);
}

function shorten(text: string, length: number): string {
  const cut = text.slice(0, Math.max(length - TRUNCATION_MARK.length, 0));
  // At a word boundary when there is one near the end.
  const space = cut.lastIndexOf(' ');
  return `${(space > cut.length * 0.8 ? cut.slice(0, space) : cut).trimEnd()}${TRUNCATION_MARK}`;
}

function toSearchParams(detail: Partial<TrialDetail>): URLSearchParams {
  const params = new URLSearchParams();
  for (const name of DETAIL_PARAMS) {
    const value = detail[name];
    if (value === null || value === undefined) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(name, joinCommaList(value));
    } else if (typeof value === 'boolean') {
      params.set(name, String(value));
    } else if (value.trim()) {
      params.set(name, value);
    }
  }
  return params;
}

/** A listed trial's detail parameters: the fields of the same names (the API sends the first intervention and outcome). */
export function detailOf(trial: ClinicalTrial): TrialDetail {
  const detail = {} as Record<string, unknown>;
  for (const name of DETAIL_PARAMS) detail[name] = trial[name];
  return detail as TrialDetail;
}

/**
 * The link to a trial's detail page with every parameter the trial has (part 2 §2). Texts are shortened, the
 * longest first, until the URL fits MAX_DETAIL_URL_LENGTH.
 */
export function trialDetailHref(detail: Partial<TrialDetail>): string {
  const texts: Partial<TrialDetail> = { ...detail };
  let href = `${TRIAL_DETAIL_PATH}?${toSearchParams(texts)}`;
  while (href.length > MAX_DETAIL_URL_LENGTH) {
    const longest = LONG_TEXTS.map((name) => ({ name, text: texts[name] ?? '' })).sort((a, b) => b.text.length - a.text.length)[0];
    if (!longest || longest.text.length <= MIN_SHORTENED_LENGTH) break;
    const excess = href.length - MAX_DETAIL_URL_LENGTH;
    // Encoded text is longer than the text (%XX for each byte beyond ASCII): cut at least a third to converge fast.
    const target = Math.max(MIN_SHORTENED_LENGTH, Math.min(longest.text.length - excess, Math.floor((longest.text.length * 2) / 3)));
    texts[longest.name] = shorten(longest.text, target);
    href = `${TRIAL_DETAIL_PATH}?${toSearchParams(texts)}`;
  }
  return href;
}

// Control characters in a hand-edited URL are dropped, except line breaks and tabs of the long texts.
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

function readText(params: URLSearchParams, name: string): string | null {
  const value = params.get(name)?.replace(CONTROL, '').trim();
  return value ? value : null;
}

function readBoolean(value: string | null): boolean | null {
  const word = value?.trim().toLowerCase();
  if (word === 'true' || word === 'yes') return true;
  if (word === 'false' || word === 'no') return false;
  return null;
}

/** The detail page's parameters as it shows them; anything missing or blank is null (or an empty list). */
export function readTrialDetail(params: URLSearchParams): TrialDetail {
  const detail = {} as Record<string, unknown>;
  for (const name of DETAIL_PARAMS) {
    if ((LIST_PARAMS as readonly string[]).includes(name)) detail[name] = splitCommaList(readText(params, name));
    else if (name === 'healthyVolunteers') detail[name] = readBoolean(params.get(name));
    else detail[name] = readText(params, name);
  }
  return detail as TrialDetail;
}

export const isShortened = (text: string | null): boolean => !!text && text.endsWith(TRUNCATION_MARK);
