import {
  monthlyOf,
  PLAN_COLUMN,
  PLAN_RANK_BAR_WIDTHS,
  type PlanColumnName,
  type PlanRankRow,
  type PlanRanksResult,
} from '@healthlink/contracts';
import { formatMoney, parseMoney } from '@healthlink/web-drugs';
import { PlanTexts } from './plan-texts';

/** Every row of the result, in the server's order (its groups concatenated: cheapest first). */
export const rowsOf = (result: PlanRanksResult): PlanRankRow[] => result.result.flatMap((group) => group.Value.rows);

/** A column of a row by its spec name; '' when the row is short. */
export const columnOf = (row: PlanRankRow, name: PlanColumnName): string => row.columns[PLAN_COLUMN[name]] ?? '';

/** The total yearly estimate as a number (null when the column is not money). */
export const yearlyOf = (row: PlanRankRow): number | null => parseMoney(columnOf(row, 'totalEstCost'));

/** Monthly = yearly / 12 rounded to the cent (part 2 §9), as money. */
export function monthlyText(yearly: number | null): string {
  return yearly === null ? formatMoney(null) : formatMoney(monthlyOf(yearly));
}

/** The net impact in words: "$420.00 less than your current plan"; null when there is no current plan to compare. */
export function netImpactText(netImpact: number | null): string | null {
  if (netImpact === null || !Number.isFinite(netImpact)) return null;
  const cents = Math.round(netImpact * 100);
  if (cents === 0) return PlanTexts.sameAsCurrent;
  const amount = formatMoney(Math.abs(cents) / 100);
  return cents < 0 ? PlanTexts.lessThanCurrent(amount) : PlanTexts.moreThanCurrent(amount);
}

export type ScreenSize = 'small' | 'medium' | 'large';

/**
 * Rank bar widths in px (part 2 §9): the bars read as cost, so the most expensive of the compared plans has the
 * longest bar. `compared` are the totals the scale comes from (the top 5, part 2 §9); a later, dearer row is capped
 * at the longest bar. Small screens map the compared range onto 50-150 px (the cheapest 50, the dearest 150, so even
 * the cheapest bar is visible); wider screens draw the bar in proportion to the dearest total (200 or 250 px for it).
 * A total that is not money, or a credit (below zero), gets the shortest bar.
 */
export function rankBarWidth(total: number | null, compared: readonly (number | null)[], screen: ScreenSize): number {
  const totals = compared.filter((value): value is number => value !== null);
  if (screen === 'small') {
    const { min, max } = PLAN_RANK_BAR_WIDTHS.small;
    if (total === null || !totals.length) return min;
    const low = Math.min(...totals);
    const high = Math.max(...totals);
    if (high === low) return total >= high ? max : min;
    const share = Math.min(Math.max((total - low) / (high - low), 0), 1);
    return Math.round(min + (max - min) * share);
  }
  const full = screen === 'large' ? PLAN_RANK_BAR_WIDTHS.large : PLAN_RANK_BAR_WIDTHS.medium;
  const high = totals.length ? Math.max(...totals) : 0;
  if (total === null || total <= 0 || high <= 0) return 0;
  return Math.round(full * Math.min(total / high, 1));
}

/** The star rating in words, for people who cannot see the stars. */
export const starsText = (rating: number | null): string => (rating === null ? PlanTexts.noStars : PlanTexts.stars(rating));
