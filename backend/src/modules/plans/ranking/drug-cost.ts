import type { CataloguePlan, DrugTier, DrugUse } from '../plan-types';
import { supplyCount, type CostLine } from './cost-line';
import { ruleOf, unitCost, type ShareRule } from './cost-share';
import { formatMoney, formatRate, sumCents, toCents, type Cents } from './money';

/**
 * Part D 2026: the deductible is at most $615 and a member's yearly out-of-pocket for covered drugs stops at $2,100
 * (CMS "Final CY 2026 Part D Redesign Program Instructions"; e.g. GoodRx "The Medicare Part D Out-of-Pocket Limit is
 * $2,100 in 2026", Dec 2025). A drug over $950 for 30 days is a specialty drug (CMS's 2026 specialty-tier threshold).
 * Past the deductible the standard benefit is 25% coinsurance: what an unreadable tier is costed at.
 */
export const PART_D_2026 = {
  maxDeductible: 61500,
  outOfPocketCap: 210000,
  specialtyThreshold: 95000,
  /** A drug we cannot tell brand from generic is costed as a brand above this 30-day price. */
  unknownBrandThreshold: 10000,
  standardPercent: 25,
} as const;

const SUPPLY_DAYS = 30;

export interface DrugCost {
  /** One line a drug (and one naming the unpriced drugs): they sum to total. */
  lines: CostLine[];
  /** The drug deductible applied. */
  deductible: Cents;
  total: Cents;
  /** True for every plan with drug coverage: our data has no formulary, each drug's tier is estimated. */
  tiersEstimated: boolean;
  capReached: boolean;
  unpriced: string[];
}

/** No more than a fill a day for the year: bad counts cannot make the fill-by-fill costing run away. */
const MAX_SUPPLIES = 366;

/** 30-day supplies over the year: a 90-day fill is three (three copays); at least one a fill. */
export function supplies(drug: DrugUse): number {
  const fills = Number.isFinite(drug.fills) ? Math.min(MAX_SUPPLIES, Math.max(1, Math.round(drug.fills))) : 1;
  if (drug.daysSupplied === null || !Number.isFinite(drug.daysSupplied) || drug.daysSupplied <= 0) return fills;
  return Math.min(MAX_SUPPLIES, Math.max(fills, Math.ceil(drug.daysSupplied / SUPPLY_DAYS - 1e-9)));
}

const byTier = (tiers: readonly DrugTier[]): DrugTier[] => [...tiers].sort((a, b) => a.tier - b.tier);

/**
 * The tier a drug most likely sits on when no formulary is known: generic -> tier 1 when it is "Preferred Generic",
 * else the "Generic" tier; brand -> "Preferred Brand"; a brand over $950 a month -> the specialty tier (else the
 * highest tier); unknown -> brand rules above $100 a month, else generic.
 */
export function estimateTier(tiers: readonly DrugTier[], kind: DrugUse['kind'], monthly: Cents): { tier: DrugTier; why: string } | null {
  const sorted = byTier(tiers);
  if (sorted.length === 0) return null;
  const named = (pattern: RegExp): DrugTier | undefined => sorted.find((tier) => pattern.test(tier.name));
  const asBrand = kind === 'brand' || (kind === 'unknown' && monthly > PART_D_2026.unknownBrandThreshold);
  const unknown = kind === 'unknown' ? `not known as brand or generic, ${formatMoney(monthly)} a month: ` : '';
  if (!asBrand) {
    const first = sorted[0]!;
    if (/^\s*preferred generic/i.test(first.name)) return { tier: first, why: `${unknown}generic` };
    const generic = sorted.find((tier) => /generic/i.test(tier.name) && !/preferred/i.test(tier.name)) ?? named(/generic/i) ?? first;
    return { tier: generic, why: `${unknown}generic` };
  }
  if (monthly > PART_D_2026.specialtyThreshold) {
    // Two-tier plans ("Brand-name drugs", "Generic drugs") have no specialty tier: the brand tier, never a generic one.
    const last = (pattern: RegExp): DrugTier | undefined => [...sorted].reverse().find((tier) => pattern.test(tier.name));
    const specialty = last(/specialty/i) ?? last(/non-preferred/i) ?? last(/brand/i) ?? sorted[sorted.length - 1]!;
    return { tier: specialty, why: `${unknown}brand over ${formatRate(PART_D_2026.specialtyThreshold)} a month` };
  }
  const brand = named(/preferred brand/i) ?? named(/brand/i) ?? sorted.find((tier) => tier.tier === 3) ?? sorted[sorted.length - 1]!;
  return { tier: brand, why: `${unknown}brand` };
}

interface DrugPlanLine {
  drug: DrugUse;
  price: Cents;
  supplies: number;
  rule: ShareRule;
  label: string;
  planText: string | null;
  note: string | null;
  deductiblePaid: Cents;
  sharePaid: Cents;
  afterCap: number;
}

/**
 * Drug cost for the year. Drug plans (PDP, MA-PD): each 30-day supply in turn over the year (the supplies of all
 * drugs spread evenly, interleaved): the deductible first, for every tier (the data does not say which tiers skip
 * it), then the tier's copay (capped at the price) or coinsurance x price; the total stops at the $2,100 cap.
 * Plans without drug coverage: the full price of every supply. Unpriced drugs count $0 and are named.
 */
export function drugCost(plan: CataloguePlan, drugs: readonly DrugUse[]): DrugCost {
  const { sorted, unpriced, fillOrder } = prepared(drugs);
  const lines: CostLine[] = [];
  let deductible = 0;
  let capReached = false;

  if (!plan.hasDrugCoverage) {
    for (const drug of sorted) {
      const price = toCents(drug.monthlyCost!);
      const count = supplies(drug);
      const amount = price * count;
      lines.push({
        label: drug.name,
        planText: null,
        calculation: `No drug coverage in this plan: ${supplyCount(count)} x ${formatMoney(price)} full price = ${formatMoney(amount)}`,
        amount,
        count,
      });
    }
  } else {
    deductible = Math.min(PART_D_2026.maxDeductible, Math.max(0, toCents(plan.drugDeductible ?? PART_D_2026.maxDeductible / 100)));
    const entries = sorted.map((drug) => planLine(plan, drug));
    capReached = simulate(entries, fillOrder, deductible);
    for (const entry of entries) lines.push(describe(entry, deductible));
  }
  if (unpriced.length > 0) {
    lines.push({
      label: 'Drugs without a price',
      planText: null,
      calculation: `We found no price for ${[...unpriced].sort().join(', ')}: counted at $0.00`,
      amount: 0,
      count: unpriced.length,
    });
  }
  return {
    lines,
    deductible,
    total: sumCents(lines.map((line) => line.amount)),
    tiersEstimated: plan.hasDrugCoverage,
    capReached,
    unpriced,
  };
}

function planLine(plan: CataloguePlan, drug: DrugUse): DrugPlanLine {
  const price = toCents(drug.monthlyCost!);
  const estimated = estimateTier(plan.drugTiers, drug.kind, price);
  const base = { drug, price, supplies: supplies(drug), deductiblePaid: 0, sharePaid: 0, afterCap: 0 };
  if (!estimated) {
    const rule = ruleOf(null, PART_D_2026.standardPercent);
    return { ...base, rule, label: drug.name, planText: null, note: "the plan's page lists no drug tiers: Part D's standard 25% assumed" };
  }
  const { tier, why } = estimated;
  const rule = ruleOf(tier.initial.inNetwork ?? tier.initial.outOfNetwork, PART_D_2026.standardPercent);
  const note = rule.kind === 'unread' ? "the tier's text could not be read: Part D's standard 25% assumed" : null;
  return { ...base, rule, label: `${drug.name}: Tier ${tier.tier} (${tier.name}), estimated: ${why}`, planText: tier.initial.text, note };
}

interface PreparedDrugs {
  /** Priced drugs by name (then RxCUI): the order of the lines, whatever the input order. */
  sorted: DrugUse[];
  unpriced: string[];
  /** Index into `sorted` of each 30-day supply in year order: each drug's supplies spread evenly, ties by `sorted`. */
  fillOrder: number[];
}

// The same member's drugs are costed under every plan: their order and fill sequence are worked out once.
const preparedCache = new WeakMap<readonly DrugUse[], PreparedDrugs>();

function prepared(drugs: readonly DrugUse[]): PreparedDrugs {
  const cached = preparedCache.get(drugs);
  if (cached) return cached;
  const isPriced = (drug: DrugUse): boolean => drug.monthlyCost !== null && Number.isFinite(drug.monthlyCost) && drug.monthlyCost >= 0;
  const sorted = drugs
    .filter(isPriced)
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : (a.rxcui ?? '').localeCompare(b.rxcui ?? '')));
  const unpriced = drugs.filter((drug) => !isPriced(drug)).map((drug) => drug.name);
  const fills: { at: number; order: number }[] = [];
  sorted.forEach((drug, order) => {
    const count = supplies(drug);
    for (let k = 0; k < count; k += 1) fills.push({ at: (k + 0.5) / count, order });
  });
  fills.sort((a, b) => a.at - b.at || a.order - b.order);
  const result = { sorted, unpriced, fillOrder: fills.map((fill) => fill.order) };
  preparedCache.set(drugs, result);
  return result;
}

/** Fills in year order; answers whether the cap was reached. Not-covered fills are full price and outside the cap. */
function simulate(entries: DrugPlanLine[], fillOrder: readonly number[], deductible: Cents): boolean {
  let deductibleLeft = deductible;
  let capLeft: Cents = PART_D_2026.outOfPocketCap;
  let capReached = false;
  for (const index of fillOrder) {
    const entry = entries[index]!;
    if (entry.rule.kind === 'not-covered') {
      entry.sharePaid += entry.price;
      continue;
    }
    if (capLeft === 0) {
      entry.afterCap += 1;
      continue;
    }
    const toDeductible = Math.min(deductibleLeft, entry.price);
    deductibleLeft -= toDeductible;
    const rest = entry.price - toDeductible;
    const share = rest > 0 ? unitCost(entry.rule, rest) : 0;
    const fromDeductible = Math.min(toDeductible, capLeft);
    const fromShare = Math.min(share, capLeft - fromDeductible);
    capLeft -= fromDeductible + fromShare;
    if (capLeft === 0) capReached = true;
    entry.deductiblePaid += fromDeductible;
    entry.sharePaid += fromShare;
  }
  return capReached;
}

function describe(entry: DrugPlanLine, deductible: Cents): CostLine {
  const amount = entry.deductiblePaid + entry.sharePaid;
  const head = `${supplyCount(entry.supplies)} at ${formatMoney(entry.price)}`;
  const note = entry.note ? ` (${entry.note})` : '';
  let calculation: string;
  if (entry.rule.kind === 'not-covered') {
    calculation = `${head}: not covered by the plan, the full price = ${formatMoney(amount)}`;
  } else if (entry.deductiblePaid === 0 && entry.afterCap === 0) {
    calculation = `${head} x ${entry.rule.text} = ${formatMoney(amount)}${note}`;
  } else {
    const parts: string[] = [];
    if (entry.deductiblePaid > 0) parts.push(`${formatMoney(entry.deductiblePaid)} toward the ${formatRate(deductible)} drug deductible`);
    parts.push(`then ${entry.rule.text}: ${formatMoney(entry.sharePaid)}${note}`);
    if (entry.afterCap > 0) parts.push(`${entry.afterCap} after the ${formatRate(PART_D_2026.outOfPocketCap)} yearly cap at $0`);
    calculation = `${head}: ${parts.join(', ')} = ${formatMoney(amount)}`;
  }
  return { label: entry.label, planText: entry.planText, calculation, count: entry.supplies, amount };
}

/**
 * One drug's 30-day cost under a plan by its estimated tier (the drug search table): after the deductible, since
 * the deductible is a yearly amount, not a price. No price: the tier's rule in words.
 */
export function drugTierCost(
  plan: CataloguePlan,
  drug: Pick<DrugUse, 'kind' | 'monthlyCost'>,
): { tier: DrugTier | null; tierLabel: string; cost: Cents | null; costText: string } {
  if (!plan.hasDrugCoverage) return { tier: null, tierLabel: 'No drug coverage', cost: null, costText: 'Full price' };
  const price = drug.monthlyCost !== null && Number.isFinite(drug.monthlyCost) && drug.monthlyCost >= 0 ? toCents(drug.monthlyCost) : null;
  // Without a price, a drug of unknown kind is placed as a generic (the brand rule needs the price).
  const estimated = estimateTier(plan.drugTiers, drug.kind, price ?? 0);
  const rule = ruleOf(
    estimated ? (estimated.tier.initial.inNetwork ?? estimated.tier.initial.outOfNetwork) : null,
    PART_D_2026.standardPercent,
  );
  const tierLabel = estimated ? `Tier ${estimated.tier.tier} (${estimated.tier.name})` : 'Not listed';
  const deductible = Math.min(PART_D_2026.maxDeductible, Math.max(0, toCents(plan.drugDeductible ?? PART_D_2026.maxDeductible / 100)));
  const after = deductible > 0 ? ` after the ${formatRate(deductible)} deductible` : '';
  if (price === null) return { tier: estimated?.tier ?? null, tierLabel, cost: null, costText: `${rule.text}${after}` };
  const cost = unitCost(rule, price);
  return { tier: estimated?.tier ?? null, tierLabel, cost, costText: `${formatMoney(cost)}${after}` };
}
