/**
 * Money for the ranking engine: integer cents inside, so sums are exact; a fraction of a cent only appears where a
 * percent is taken, and is rounded there, once, as a bill would show it. The API's money strings: "$1,234.56",
 * a credit "-$12.00", zero "$0.00" (a rank column is always a number; "N/A" only where there is no number at all).
 *
 * Not libs/web-drugs' formatMoney: that one is a web lib (the backend may not import it) and shows zero as "$0".
 */
export type Cents = number;

/** Dollars (as the catalogue and claims give them) to cents, half away from zero; non-finite is a programming error. */
export function toCents(dollars: number): Cents {
  if (!Number.isFinite(dollars)) throw new RangeError(`not an amount: ${dollars}`);
  const scaled = Math.abs(dollars) * 100;
  const near = Math.round(scaled);
  // Amounts of whole cents land next to an integer; others pass through toPrecision(15), which drops the binary noise
  // of x * 100 (1.005 * 100 = 100.49999999999999) before rounding. The fast path matters: it runs per fill and visit.
  const rounded = Math.abs(scaled - near) < 1e-6 ? near : Math.round(Number(scaled.toPrecision(15)));
  return dollars < 0 ? -rounded : rounded;
}

/** percent (0-100, may have decimals) of an amount, rounded half up to the cent. */
export function percentOf(amount: Cents, percent: number): Cents {
  // Whole cents x a whole percent is an exact integer: one division, and a half cent is exactly .5.
  if (Number.isInteger(percent) && Number.isInteger(amount) && amount >= 0 && percent >= 0) return Math.round((amount * percent) / 100);
  return toCents((amount * percent) / 10000);
}

export const sumCents = (values: readonly Cents[]): Cents => values.reduce((total, value) => total + value, 0);

/** 1234567 -> "1,234,567". By hand: Intl.NumberFormat costs a microsecond a call, and a ranking makes thousands. */
function grouped(whole: number): string {
  const digits = String(whole);
  if (digits.length <= 3) return digits;
  let out = digits.slice(0, digits.length % 3 || 3);
  for (let i = out.length; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`;
  return out;
}

/** 123456 -> "$1,234.56"; -1200 -> "-$12.00"; 0 -> "$0.00". */
export function formatMoney(amount: Cents): string {
  const abs = Math.abs(amount);
  const cents = abs % 100;
  return `${amount < 0 ? '-' : ''}$${grouped((abs - cents) / 100)}.${cents < 10 ? '0' : ''}${cents}`;
}

/** A plan's rate in a sentence: whole dollars without cents ("$5", "$1,736"), else with ("$202.90"). */
export function formatRate(amount: Cents): string {
  return amount % 100 === 0 ? `${amount < 0 ? '-' : ''}$${grouped(Math.abs(amount) / 100)}` : formatMoney(amount);
}

/** A percent as the plan writes it: 20 -> "20%", 12.5 -> "12.5%". */
export const formatPercent = (percent: number): string => `${Number(percent.toFixed(2))}%`;

/** Cents to dollars for the number fields of the contract (netImpact, monthlyOf). */
export const toDollars = (amount: Cents): number => amount / 100;
