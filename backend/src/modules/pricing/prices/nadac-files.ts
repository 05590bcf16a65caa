import { MAX_PER_UNIT } from './nadac-file';

/** The repo's NADAC copies in backend/data/reference (README there), recorded in reference_datasets as these. */
export const NADAC_WEEKLY = {
  dataset: 'nadac_weekly',
  fileName: 'nadac-weekly_2026-04-29.csv.gz',
  source: 'nadac-weekly',
} as const;

export const NADAC_HISTORY = {
  dataset: 'nadac_history',
  fileName: 'nadac-history-last_2022.csv.gz',
  source: 'nadac-history',
  /** The last effective date the 2013-2022 history holds. */
  asOf: '2022-10-01',
  header: ['ndc11', 'effective_date', 'nadac_per_unit'],
} as const;

export interface NadacHistoryRow {
  ndc11: string;
  effectiveDate: string;
  perUnit: string;
}

/** One record of the history copy; throws naming the problem. */
export function parseHistoryRecord([ndc11, effectiveDate, perUnit]: readonly string[]): NadacHistoryRow {
  if (!/^\d{11}$/.test(ndc11!)) throw new Error(`NDC "${ndc11}" is not 11 digits`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(effectiveDate!)) throw new Error(`effective_date "${effectiveDate}" is not YYYY-MM-DD`);
  const value = Number(perUnit);
  if (!/^\d+(\.\d+)?$/.test(perUnit!) || value <= 0 || value >= MAX_PER_UNIT) throw new Error(`nadac_per_unit "${perUnit}" is not a price`);
  return { ndc11: ndc11!, effectiveDate: effectiveDate!, perUnit: perUnit! };
}
