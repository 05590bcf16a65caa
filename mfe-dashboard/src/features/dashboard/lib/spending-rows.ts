import type { SpendingGrouping, SpendingPeriod, SpendingResponse } from '@healthlink/contracts';
import { parseMoney } from '@healthlink/web-drugs';

/** The amounts the chart draws, in this order; each has a pattern as well as a colour (never colour alone). */
export const SPENDING_SERIES = [
  { key: 'patient_paid', label: 'You paid (out of pocket)', color: '#0a58a8', pattern: 'solid' },
  { key: 'deductible', label: 'Deductible', color: '#8a4b08', pattern: 'stripes' },
  { key: 'copay', label: 'Copays', color: '#1e6b34', pattern: 'dots' },
  { key: 'coinsurance', label: 'Coinsurance', color: '#6b2a8f', pattern: 'crosshatch' },
] as const;
export type SpendingSeriesKey = (typeof SPENDING_SERIES)[number]['key'];
export type SpendingPattern = (typeof SPENDING_SERIES)[number]['pattern'];

/** The month view shows the most recent year of months, so 60 months never crowd a phone's width. */
export const MONTHS_SHOWN = 12;

export interface SpendingRow {
  period: string;
  /** "May 2025" or "2025". */
  label: string;
  /** The axis label: "May 25" or "2025". */
  shortLabel: string;
  /** The amounts as received (money strings with 2 decimals); a period with no claims has "0.00". */
  money: Record<SpendingSeriesKey | 'insurer_paid', string>;
  /** The same as numbers, for the chart. */
  patient_paid: number;
  deductible: number;
  copay: number;
  coinsurance: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const LONG_MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

export function periodLabel(period: string, by: SpendingGrouping, long = false): string {
  if (by === 'year') return period;
  const [year, month] = period.split('-');
  const index = Number(month) - 1;
  return `${(long ? LONG_MONTHS : MONTHS)[index] ?? month} ${year}`;
}

const nextPeriod = (period: string, by: SpendingGrouping): string => {
  if (by === 'year') return String(Number(period) + 1);
  const [year, month] = period.split('-').map(Number) as [number, number];
  return month === 12 ? `${year + 1}-01` : `${year}-${String(month + 1).padStart(2, '0')}`;
};

const previousMonths = (last: string, count: number): string => {
  const [year, month] = last.split('-').map(Number) as [number, number];
  const index = year * 12 + (month - 1) - (count - 1);
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
};

const EMPTY: Omit<SpendingPeriod, 'period'> = {
  patient_paid: '0.00',
  deductible: '0.00',
  copay: '0.00',
  coinsurance: '0.00',
  insurer_paid: '0.00',
};

function toRow(period: SpendingPeriod, by: SpendingGrouping): SpendingRow {
  const amount = (value: string) => parseMoney(value) ?? 0;
  return {
    period: period.period,
    label: periodLabel(period.period, by, true),
    shortLabel: by === 'year' ? period.period : `${periodLabel(period.period, by).slice(0, 3)} ${period.period.slice(2, 4)}`,
    money: {
      patient_paid: period.patient_paid,
      deductible: period.deductible,
      copay: period.copay,
      coinsurance: period.coinsurance,
      insurer_paid: period.insurer_paid,
    },
    patient_paid: amount(period.patient_paid),
    deductible: amount(period.deductible),
    copay: amount(period.copay),
    coinsurance: amount(period.coinsurance),
  };
}

/**
 * The periods to show, oldest first and without gaps (a month or year with no claims paid nothing: it is shown as
 * $0, not left out): every year from the first to the last, or the last MONTHS_SHOWN months up to the newest.
 */
export function spendingRows(response: SpendingResponse): SpendingRow[] {
  const { by, periods } = response;
  if (periods.length === 0) return [];
  const byPeriod = new Map(periods.map((p) => [p.period, p]));
  const sorted = [...byPeriod.keys()].sort();
  const last = sorted[sorted.length - 1] as string;
  const first = by === 'year' ? (sorted[0] as string) : previousMonths(last, MONTHS_SHOWN);
  const rows: SpendingRow[] = [];
  for (let period = first; period <= last; period = nextPeriod(period, by)) {
    rows.push(toRow(byPeriod.get(period) ?? { period, ...EMPTY }, by));
  }
  return rows;
}
