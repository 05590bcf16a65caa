/**
 * Money and dates as the drug screens and the dashboard show them (part 1 §5, part 2 §5): commas, spaces and dollar
 * signs are stripped, then numeric money is shown as a dollar sign with two decimals grouped by thousands ("$1,205.50"),
 * "$0" for zero, anything else as received ("N/A" stays "N/A"); a missing amount (null, undefined, empty) is N/A.
 * Dates in words ("Apr 29, 2026"), never bare numbers that could be read two ways. The one copy for every remote:
 * mfe-dashboard's spending, claims and Rx cards import it from here too.
 */
export const MISSING_MONEY = 'N/A';

const STRIPPED = /[,\s$]/g;
const NUMERIC = /^-?(\d+\.?\d*|\.\d+)$/;
const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The amount as a number, or null when it is missing or not numeric ("$1,505.90" -> 1505.9, "N/A" -> null). */
export function parseMoney(value: string | number | null | undefined): number | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  const stripped = value.replace(STRIPPED, '');
  return NUMERIC.test(stripped) ? Number(stripped) : null;
}

export function formatMoney(value: string | number | null | undefined): string {
  if (value === null || value === undefined || (typeof value === 'string' && value.trim() === '')) return MISSING_MONEY;
  const amount = parseMoney(value);
  if (amount === null) return String(value);
  // Rounded first, so an amount that rounds to zero reads "$0" too (and never "-$0.00").
  const cents = Math.round(amount * 100);
  if (cents === 0) return '$0';
  return `${cents < 0 ? '-' : ''}$${dollars.format(Math.abs(cents) / 100)}`;
}

/** Whether a price can be acted on (a coupon for it): numeric; "N/A", empty or missing is not. */
export const hasPrice = (value: string | null | undefined): boolean => parseMoney(value ?? null) !== null;

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const calendarFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });

/** "2026-04-29" (or the date part of an ISO instant) -> "Apr 29, 2026"; no time zone may move it a day. */
export function formatPriceDate(value: string | null | undefined): string | null {
  if (!value) return null;
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? calendarFormat.format(date) : value;
}
