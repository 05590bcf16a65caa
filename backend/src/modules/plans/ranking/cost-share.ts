import type { CostShare, DayBand } from '../plan-types';
import { formatPercent, formatRate, percentOf, toCents, type Cents } from './money';

/**
 * One parsed cost-sharing cell as a rule the engine applies. Ranges count at their top (a plan is never shown
 * cheaper than it might be). Parts that combine ("$0-$50 copay, 20% coinsurance") are alternatives for different
 * services of the category: the costlier applies; but a per-stay amount and a percent add up ("$100 and 20% per stay").
 */
export type ShareRule =
  | { kind: 'free'; text: string }
  | { kind: 'not-covered'; text: string }
  /** Nothing could be read: the fallback percent (Original Medicare's 20%, or Part D's standard 25%) applies. */
  | { kind: 'unread'; percent: number; text: string }
  | { kind: 'priced'; copay: Cents | null; percent: number | null; perStay: Cents | null; perDay: DayBand[] | null; text: string };

/** "$300 copay (the top of $0-$300)": a range is costed at its top, and the line says so. */
const range = (min: number, max: number, unit: (n: number) => string, what: string): string =>
  min === max ? `${unit(max)} ${what}` : `${unit(max)} ${what} (the top of ${unit(min)}-${unit(max)})`;

/** share null or unparsed: `fallbackPercent` of the cost (the caller names why in its line). */
export function ruleOf(share: CostShare | null, fallbackPercent: number): ShareRule {
  if (!share) return { kind: 'unread', percent: fallbackPercent, text: `${formatPercent(fallbackPercent)} coinsurance` };
  if (share.notCovered) return { kind: 'not-covered', text: 'not covered: the full cost' };
  let copay = share.copay ? toCents(share.copay.max) : null;
  let percent = share.coinsurance ? share.coinsurance.max : null;
  let perStay = share.perStay !== null ? toCents(share.perStay) : null;
  let perDay = share.perDay && share.perDay.length > 0 ? share.perDay : null;
  if (copay === null && percent === null && perStay === null && perDay === null) {
    return { kind: 'unread', percent: fallbackPercent, text: `${formatPercent(fallbackPercent)} coinsurance` };
  }
  const zero = (copay ?? 0) === 0 && (percent ?? 0) === 0 && (perStay ?? 0) === 0 && (perDay ?? []).every((band) => band.perDay === 0);
  if (!zero) {
    // A $0 part cannot be the costlier one: it leaves the rule and its words ("$290 a day for days 1-7, $0 a stay").
    if (copay === 0) copay = null;
    if (percent === 0) percent = null;
    if (perStay === 0) perStay = null;
    if (perDay?.every((band) => band.perDay === 0)) perDay = null;
  }
  const parts: string[] = [];
  if (copay !== null) parts.push(range(toCents(share.copay!.min), copay, formatRate, 'copay'));
  if (percent !== null) parts.push(range(share.coinsurance!.min, percent, formatPercent, 'coinsurance'));
  if (perDay) {
    parts.push(perDay.map((band) => `${formatRate(toCents(band.perDay))} a day for days ${band.fromDay}-${band.toDay}`).join(', '));
  }
  if (perStay !== null) parts.push(`${formatRate(perStay)} a stay`);
  if (zero) return { kind: 'free', text: parts.join(', ') };
  const text =
    perStay !== null && percent !== null && parts.length === 2
      ? `${parts[1]} and ${parts[0]}`
      : parts.length > 1
        ? `the costlier of ${parts.join(' or ')}`
        : parts[0]!;
  return { kind: 'priced', copay, percent, perStay, perDay, text };
}

/** Dollars a day over a stay of `days` days by the bands; days no band names cost nothing. */
export function perDayCost(bands: readonly DayBand[], days: number): Cents {
  let total = 0;
  for (const band of bands) {
    const from = Math.max(1, band.fromDay);
    const to = Math.min(days, band.toDay);
    if (to >= from) total += toCents(band.perDay) * (to - from + 1);
  }
  return total;
}

/**
 * What one unit of care (a visit, a stay, a fill) of cost `allowed` would cost by the rule before the cap at its
 * cost: the costliest part that applies. Not covered: the full cost.
 */
export function uncappedCost(rule: ShareRule, allowed: Cents, days = 1): Cents {
  switch (rule.kind) {
    case 'free':
      return 0;
    case 'not-covered':
      return allowed;
    case 'unread':
      return percentOf(allowed, rule.percent);
    case 'priced': {
      let cost = rule.copay ?? 0;
      const percent = rule.percent !== null ? percentOf(allowed, rule.percent) : 0;
      // "$100 and 20% per stay": the coinsurance comes on top of the stay's amount (as the catalogue reads it).
      cost = Math.max(cost, rule.perStay !== null ? rule.perStay + percent : percent);
      if (rule.perDay) cost = Math.max(cost, perDayCost(rule.perDay, days));
      return cost;
    }
  }
}

/** What the member pays for one unit: never more than the service cost (a $40 copay on a $25 visit is $25). */
export const unitCost = (rule: ShareRule, allowed: Cents, days = 1): Cents => Math.min(allowed, uncappedCost(rule, allowed, days));

/** A rule that is only a percent (coinsurance, or unread): taken of a category's total once, not per unit. */
export function onlyPercent(rule: ShareRule): number | null {
  if (rule.kind === 'unread') return rule.percent;
  if (rule.kind === 'priced' && rule.copay === null && rule.perStay === null && rule.perDay === null) return rule.percent;
  return null;
}
