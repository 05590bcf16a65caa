import type { CostRange, CostShare, DayBand, ServiceCost } from '../plan-types';

/**
 * Cost-sharing text of a Plan Finder page into structured values, the text kept. The page writes a cell in one of
 * two layouts:
 * - "In-network: $0-$315 copay | Out-of-network: 50% coinsurance" (or one figure for both: "$130 copay");
 * - inpatient and skilled nursing: "In-network:Tier 1 ; $290 per day for days 1-7 ; $0 per stay ; Out-of-network: ;
 *   50% per stay", parts separated by ";".
 * A part names dollars ("$5", "$0-$315", "$0 or $100") and percents ("20%", "0%-20%"), then what they are ("copay",
 * "coinsurance", "per day for days 1-7", "Lifetime Reserve Days for days 91-150", "per stay"). Alternatives ("$0 or
 * $100", which depends on something the page does not say, such as Medicaid level) and ranges keep their lowest and
 * highest value in a CostRange; a per-day or per-stay amount keeps the highest, the one a member without help pays.
 */

const DOLLARS = /\$(\d[\d,]*(?:\.\d+)?)/g;
const PERCENTS = /(\d+(?:\.\d+)?)%/g;
const DAYS = /for days (\d+)\s*-\s*(\d+)/i;
const OUT_OF_NETWORK = /Out-of-network:/i;
const IN_NETWORK = /^\s*In-network:/i;
// A hospital cell may list several hospital tiers ("Tier 1 ; ... ; $0 per stayTier 2 ; ..."): tier 1, the plan's
// preferred hospitals, is the one read; the text keeps the others.
const TIER = /Tier\s+\d+/i;

const numbers = (text: string, pattern: RegExp): number[] =>
  [...text.matchAll(pattern)].map((match) => Number(match[1]!.replace(/,/g, '')));

const rangeOf = (values: number[]): CostRange | null => (values.length ? { min: Math.min(...values), max: Math.max(...values) } : null);

const merge = (a: CostRange | null, b: CostRange | null): CostRange | null =>
  a && b ? { min: Math.min(a.min, b.min), max: Math.max(a.max, b.max) } : (a ?? b);

export const emptyShare = (): CostShare => ({ copay: null, coinsurance: null, perDay: null, perStay: null, notCovered: false });

/** Whether the share says anything: a copay, a coinsurance, a per-day or per-stay amount, or "Not covered". */
export const isReadShare = (share: CostShare | null): boolean =>
  !!share && (share.notCovered || !!share.copay || !!share.coinsurance || !!share.perDay || share.perStay !== null);

/** One part ("$290 per day for days 1-7", "$0 copay", "50% per stay") into the share; false when it reads nothing. */
function readPart(part: string, share: CostShare): boolean {
  const dollars = numbers(part, DOLLARS);
  const percents = numbers(part, PERCENTS);
  if (!dollars.length && !percents.length) return false;
  const days = DAYS.exec(part);
  if (days && dollars.length && /per day|reserve days/i.test(part)) {
    const band: DayBand = { fromDay: Number(days[1]), toDay: Number(days[2]), perDay: Math.max(...dollars) };
    share.perDay = [...(share.perDay ?? []), band];
    return true;
  }
  if (/per stay/i.test(part) && dollars.length) {
    share.perStay = Math.max(share.perStay ?? 0, ...dollars);
    // "$100 and 20% per stay": a coinsurance on top of the stay's copay.
    share.coinsurance = merge(share.coinsurance, rangeOf(percents));
    return true;
  }
  // "50% per stay", "20% per day for days 1-90" and "20% coinsurance" all share the cost by percent.
  if (percents.length && (/coinsurance|per stay|per day/i.test(part) || !dollars.length)) {
    share.coinsurance = merge(share.coinsurance, rangeOf(percents));
    if (dollars.length && /copay/i.test(part)) share.copay = merge(share.copay, rangeOf(dollars));
    return true;
  }
  if (dollars.length) {
    share.copay = merge(share.copay, rangeOf(dollars));
    return true;
  }
  return false;
}

/** One side of a cell (the text after "In-network:" or "Out-of-network:"); null when the side is empty. */
export function parseCostShare(side: string): CostShare | null {
  let text = side
    .trim()
    .replace(/^[;|]\s*/, '')
    .replace(/\s*[;|]$/, '')
    .trim();
  if (!text || text === '—' || text === '-') return null;
  const share = emptyShare();
  if (/^not covered$/i.test(text)) {
    share.notCovered = true;
    return share;
  }
  if (TIER.test(text)) text = text.split(TIER).find((segment) => segment.replace(/[\s;]/g, '') !== '') ?? '';
  for (const part of text.split(/\s*;\s*|,\s+(?=[$\d])/)) if (part.trim()) readPart(part, share);
  return share;
}

/**
 * A cost-sharing cell as published, parsed. A cell that names no side applies in network (an HMO, or one figure for
 * both: the page then shows no out-of-network side). Nothing readable (an empty cell, "—", "Some coverage"): the in-
 * network share has every part null and notCovered false, so the engine says it could not read it.
 */
export function parseServiceCost(text: string, flags: readonly string[] = []): ServiceCost {
  const cell = text.trim();
  const outAt = cell.search(OUT_OF_NETWORK);
  let inText = outAt >= 0 ? cell.slice(0, outAt) : cell;
  const outText = outAt >= 0 ? cell.slice(outAt).replace(OUT_OF_NETWORK, '') : null;
  inText = inText.replace(IN_NETWORK, '');
  const inNetwork = parseCostShare(inText) ?? emptyShare();
  const outOfNetwork = outText === null ? null : parseCostShare(outText);
  return { text: cell, inNetwork, outOfNetwork, flags: [...flags] };
}

/** Whether any side of the cell read something. */
export const isReadCost = (cost: ServiceCost): boolean => isReadShare(cost.inNetwork) || isReadShare(cost.outOfNetwork);

/** Dollars of a money cell ("$1,750.00", "-$1.00 reduction", "$4,000Annual deductible"); null when it has none. */
export function dollarsOf(text: string): number[] {
  return numbers(text, DOLLARS);
}
