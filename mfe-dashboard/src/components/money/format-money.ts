/**
 * Money formatting (part 2 §5): commas, spaces and dollar signs are stripped, two decimals kept, "$0" for zero;
 * numeric money is shown as a dollar sign with two decimals (grouped by thousands, so 1505.9 reads "$1,505.90"),
 * anything else as received. A missing amount (null, undefined, empty) is "N/A".
 */
export const MISSING_MONEY = 'N/A';

const STRIPPED = /[,\s$]/g;
const NUMERIC = /^-?(\d+\.?\d*|\.\d+)$/;

const dollars = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** The amount as a number, or null when it is missing or not numeric ("1,505.90" -> 1505.9, "$ 12" -> 12). */
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
