import { gunzipSync } from 'node:zlib';
import { parseCsvLine } from '../../../common/csv';

/**
 * CMS's weekly NADAC file (data.medicaid.gov, "NADAC (National Average Drug Acquisition Cost)"), in its official
 * layout: the 12 columns below, named exactly so (any order), quoted where CMS quotes, dates as MM/DD/YYYY.
 */
export const NADAC_COLUMNS = [
  'NDC Description',
  'NDC',
  'NADAC Per Unit',
  'Effective Date',
  'Pricing Unit',
  'Pharmacy Type Indicator',
  'OTC',
  'Explanation Code',
  'Classification for Rate Setting',
  'Corresponding Generic Drug NADAC Per Unit',
  'Corresponding Generic Drug Effective Date',
  'As of Date',
] as const;

export const PRICING_UNITS = ['EA', 'ML', 'GM'] as const;
export type PricingUnit = (typeof PRICING_UNITS)[number];
/** B brand, B-ANDA a brand sold under a generic's approval, B-BIO a biologic: all priced as brands; G generic. */
const CLASSIFICATIONS = ['G', 'B', 'B-ANDA', 'B-BIO'] as const;
/** Above this a per-unit rate is taken for a data error (the dearest 2026 rows are about $30,000 per mL). */
export const MAX_PER_UNIT = 100_000;

export interface NadacWeeklyRow {
  ndc11: string;
  description: string;
  /** USD per pricing unit as CMS prints it (text: no float rounding). */
  perUnit: string;
  /** YYYY-MM-DD */
  effectiveDate: string;
  pricingUnit: PricingUnit;
  otc: boolean;
  classification: 'brand' | 'generic';
  correspondingGenericPerUnit: string | null;
  correspondingGenericEffectiveDate: string | null;
}

export interface NadacFile {
  /** The file's "As of Date" (YYYY-MM-DD), the same on every row. */
  asOf: string;
  rows: NadacWeeklyRow[];
}

/** A file that is not a NADAC file we can load: every problem found (at most MAX_PROBLEMS), each with its line. */
export class NadacFileError extends Error {
  constructor(
    readonly fileName: string,
    readonly problems: string[],
  ) {
    super(`${fileName} was refused, nothing was loaded: ${problems.join('; ')}`);
    this.name = 'NadacFileError';
  }
}

const MAX_PROBLEMS = 20;
const PRICE = /^\d{1,9}(\.\d{1,9})?$/;

/** MM/DD/YYYY (CMS's form) into YYYY-MM-DD; null when it is not a real date. */
export function usDate(text: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return null;
  const [, month, day, year] = match as unknown as [string, string, string, string];
  const date = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
  if (date.getUTCFullYear() !== Number(year) || date.getUTCMonth() !== Number(month) - 1 || date.getUTCDate() !== Number(day)) return null;
  return `${year}-${month}-${day}`;
}

/** A per-unit rate: digits with an optional decimal part, above zero and below MAX_PER_UNIT; else why not. */
export function priceProblem(text: string): string | null {
  if (!PRICE.test(text)) return `"${text}" is not a price in dollars`;
  const value = Number(text);
  if (value <= 0) return `${text} is not above zero`;
  if (value >= MAX_PER_UNIT) return `${text} is more than $${MAX_PER_UNIT} per unit`;
  return null;
}

/** The bytes of a CSV file, gunzipped when they are gzip. */
export function csvText(bytes: Buffer): string {
  const gzipped = bytes.length > 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
  return (gzipped ? gunzipSync(bytes) : bytes).toString('utf8').replace(/^\uFEFF/, '');
}

/**
 * Reads and checks a whole weekly file. Any bad row (or header) refuses the file: the error lists the problems with
 * their line numbers (the header is line 1), so an operator can fix the file; a file is never half loaded.
 */
export function parseNadacFile(fileName: string, bytes: Buffer): NadacFile {
  const lines = csvText(bytes).split('\n');
  if (lines.at(-1) === '') lines.pop();
  const problems: string[] = [];
  const problem = (line: number, text: string): void => {
    if (problems.length < MAX_PROBLEMS) problems.push(`line ${line}: ${text}`);
  };
  const fieldsOf = (line: number): string[] | null => {
    const text = lines[line - 1]!;
    try {
      return parseCsvLine(text.endsWith('\r') ? text.slice(0, -1) : text);
    } catch (error) {
      problem(line, (error as Error).message);
      return null;
    }
  };

  const header = lines.length ? fieldsOf(1) : [];
  const index = new Map((header ?? []).map((name, i) => [name.trim(), i]));
  const missing = NADAC_COLUMNS.filter((name) => !index.has(name));
  if (!header || missing.length) {
    throw new NadacFileError(fileName, [
      ...problems,
      ...(header
        ? [
            `line 1: the header lacks ${missing.map((name) => `"${name}"`).join(', ')} (CMS's NADAC layout has ${NADAC_COLUMNS.length} named columns)`,
          ]
        : []),
    ]);
  }
  if (lines.length < 2) throw new NadacFileError(fileName, ['the file has no rows']);

  const col = (fields: string[], name: (typeof NADAC_COLUMNS)[number]): string => (fields[index.get(name)!] ?? '').trim();
  const rows: NadacWeeklyRow[] = [];
  const seen = new Map<string, number>();
  let asOf: string | null = null;
  for (let line = 2; line <= lines.length; line++) {
    if (lines[line - 1]!.trim() === '') continue;
    const fields = fieldsOf(line);
    if (!fields) continue;
    if (fields.length !== header.length) {
      problem(line, `${fields.length} fields where the header has ${header.length}`);
      continue;
    }
    const before = problems.length;
    const ndc11 = col(fields, 'NDC');
    if (!/^\d{11}$/.test(ndc11)) problem(line, `NDC "${ndc11}" is not 11 digits`);
    else if (seen.has(ndc11)) problem(line, `NDC ${ndc11} is also on line ${seen.get(ndc11)}`);
    else seen.set(ndc11, line);
    const description = col(fields, 'NDC Description');
    if (!description) problem(line, 'NDC Description is empty');
    const perUnit = col(fields, 'NADAC Per Unit');
    const badPrice = priceProblem(perUnit);
    if (badPrice) problem(line, `NADAC Per Unit ${badPrice}`);
    const effectiveDate = usDate(col(fields, 'Effective Date'));
    if (!effectiveDate) problem(line, `Effective Date "${col(fields, 'Effective Date')}" is not a date as MM/DD/YYYY`);
    const unit = col(fields, 'Pricing Unit');
    if (!(PRICING_UNITS as readonly string[]).includes(unit))
      problem(line, `Pricing Unit "${unit}" is not one of ${PRICING_UNITS.join(', ')}`);
    const otc = col(fields, 'OTC');
    if (otc !== 'Y' && otc !== 'N') problem(line, `OTC "${otc}" is not Y or N`);
    const classification = col(fields, 'Classification for Rate Setting');
    if (!(CLASSIFICATIONS as readonly string[]).includes(classification)) {
      problem(line, `Classification for Rate Setting "${classification}" is not one of ${CLASSIFICATIONS.join(', ')}`);
    }
    const generic = col(fields, 'Corresponding Generic Drug NADAC Per Unit');
    const badGeneric = generic ? priceProblem(generic) : null;
    if (badGeneric) problem(line, `Corresponding Generic Drug NADAC Per Unit ${badGeneric}`);
    const genericDateText = col(fields, 'Corresponding Generic Drug Effective Date');
    const genericDate = genericDateText ? usDate(genericDateText) : null;
    if (genericDateText && !genericDate)
      problem(line, `Corresponding Generic Drug Effective Date "${genericDateText}" is not a date as MM/DD/YYYY`);
    const rowAsOf = usDate(col(fields, 'As of Date'));
    if (!rowAsOf) problem(line, `As of Date "${col(fields, 'As of Date')}" is not a date as MM/DD/YYYY`);
    else if (asOf === null) asOf = rowAsOf;
    else if (rowAsOf !== asOf) problem(line, `As of Date ${rowAsOf} differs from the file's ${asOf} (one week per file)`);
    if (problems.length !== before) continue;
    rows.push({
      ndc11,
      description,
      perUnit,
      effectiveDate: effectiveDate!,
      pricingUnit: unit as PricingUnit,
      otc: otc === 'Y',
      classification: classification === 'G' ? 'generic' : 'brand',
      correspondingGenericPerUnit: generic || null,
      correspondingGenericEffectiveDate: genericDate,
    });
  }
  if (problems.length) throw new NadacFileError(fileName, problems);
  return { asOf: asOf!, rows };
}
