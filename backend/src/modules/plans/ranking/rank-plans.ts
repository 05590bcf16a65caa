import { monthlyOf, PLAN_COLUMN, type PlanEstimate, type PlanRankRow } from '@healthlink/contracts';
import type { CataloguePlan, CataloguePlanBenefits, MemberCostInputs } from '../plan-types';
import { formatMoney, toCents, toDollars, type Cents } from './money';
import { estimateForMember, memberProfile, type MemberProfile, type PlanCosts } from './plan-estimate';

/** Part of the ranking's cache key: raise it whenever a rule of ranking/ changes what a plan costs. */
export const RANKING_VERSION = 2;

/**
 * What the member's plan is compared with (netImpact): a yearly cost in dollars (the member's actual payments over
 * the same months), the bidId of a plan among `plans` (its own estimate), or null (netImpact null, column "N/A").
 */
export type CurrentPlanInput = number | { bidId: string } | null;

export interface RankPlansOptions {
  /** YYYY-MM-DD of the plan data. */
  dataAsOf: string;
  /** Extra benefits by bidId, for each estimate's supplementalItems. */
  benefits?: ReadonlyMap<string, Pick<CataloguePlanBenefits, 'enhanced'>>;
}

export interface RankedPlans {
  /** Cheapest first; rank 1..n. */
  rows: PlanRankRow[];
  /** Each plan's arithmetic by bidId (GET /api/planRanks/estimate). */
  estimates: Record<string, PlanEstimate>;
  /** What netImpact was taken against; null when nothing was. */
  current: { bidId: string | null; yearlyCost: string } | null;
  member: MemberProfile;
}

/** Column 16 when there is no current plan to compare with; every other money column is always a number. */
export const NO_NET_IMPACT = 'N/A';

const money = formatMoney;
const monthly = (yearly: Cents): string => money(toCents(monthlyOf(toDollars(yearly))));

/** The 17 strings of a rank row: [bidId, ...the 16 columns of PLAN_COLUMN]. */
export function rankColumns(plan: CataloguePlan, costs: PlanCosts): string[] {
  const columns: string[] = new Array<string>(17).fill('');
  columns[0] = plan.bidId;
  columns[PLAN_COLUMN.planName] = plan.name;
  columns[PLAN_COLUMN.carrier] = plan.carrier;
  columns[PLAN_COLUMN.planType] = plan.planType;
  columns[PLAN_COLUMN.network] = plan.network;
  columns[PLAN_COLUMN.totalEstCost] = money(costs.total);
  columns[PLAN_COLUMN.premium] = money(costs.premiumYearly);
  columns[PLAN_COLUMN.medicalPremium] = money(costs.medicalPremiumYearly);
  columns[PLAN_COLUMN.pharmacyPremium] = money(costs.pharmacyPremiumYearly);
  columns[PLAN_COLUMN.estMedCost] = money(costs.medical);
  columns[PLAN_COLUMN.estPharmCost] = money(costs.pharmacy);
  columns[PLAN_COLUMN.monthlyPremium] = monthly(costs.premiumYearly);
  columns[PLAN_COLUMN.estMonthlyMedCost] = monthly(costs.medical);
  columns[PLAN_COLUMN.estMonthlyPharmCost] = monthly(costs.pharmacy);
  columns[PLAN_COLUMN.msaDeposit] = money(costs.msaDeposit);
  // No dollar value is put on extra benefits (README): the estimate lists them by name instead.
  columns[PLAN_COLUMN.suppValue] = money(0);
  columns[PLAN_COLUMN.netImpact] = costs.netImpact === null ? NO_NET_IMPACT : money(costs.netImpact);
  return columns;
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Every plan's estimate for the member, ranked: total ascending; ties by overall stars (more first, none last), then
 * plan name, then bidId. The claims are categorized once for all plans.
 */
export function rankPlans(
  plans: readonly CataloguePlan[],
  inputs: MemberCostInputs,
  current: CurrentPlanInput,
  options: RankPlansOptions,
): RankedPlans {
  const member = memberProfile(inputs);
  const estimateAll = (currentYearly: Cents | null) =>
    plans.map((plan) => ({
      plan,
      ...estimateForMember(plan, member, {
        dataAsOf: options.dataAsOf,
        currentYearly,
        benefits: options.benefits?.get(plan.bidId) ?? null,
      }),
    }));

  let currentYearly: Cents | null = null;
  let currentBidId: string | null = null;
  let results: ReturnType<typeof estimateAll>;
  if (typeof current === 'number' && Number.isFinite(current)) {
    currentYearly = toCents(current);
    results = estimateAll(currentYearly);
  } else if (current !== null && typeof current === 'object') {
    // The current plan's own estimate first (netImpact needs it), then every plan against it.
    const own = plans.find((plan) => plan.bidId === current.bidId);
    if (own) {
      currentYearly = estimateForMember(own, member, { dataAsOf: options.dataAsOf, currentYearly: null }).costs.total;
      currentBidId = own.bidId;
    }
    results = estimateAll(currentYearly);
  } else {
    results = estimateAll(null);
  }

  results.sort(
    (a, b) =>
      a.costs.total - b.costs.total ||
      (b.plan.stars.overall ?? -1) - (a.plan.stars.overall ?? -1) ||
      byText(a.plan.name, b.plan.name) ||
      byText(a.plan.bidId, b.plan.bidId),
  );
  const rows: PlanRankRow[] = results.map(({ plan, costs }, index) => ({
    bidId: plan.bidId,
    columns: rankColumns(plan, costs),
    netImpact: costs.netImpact === null ? null : toDollars(costs.netImpact),
    rank: index + 1,
    starRating: plan.stars.overall,
    category: plan.category,
  }));
  return {
    rows,
    estimates: Object.fromEntries(results.map((result) => [result.plan.bidId, result.estimate])),
    current: currentYearly === null ? null : { bidId: currentBidId, yearlyCost: money(currentYearly) },
    member,
  };
}

/**
 * One plan alone (e.g. the member's current plan, to compare others with): its estimate and numbers, without
 * netImpact. rankPlans(plans, inputs, { bidId }) does this itself when the current plan is among `plans`.
 */
export function estimatePlan(
  plan: CataloguePlan,
  inputs: MemberCostInputs,
  options: Pick<RankPlansOptions, 'dataAsOf'>,
): { estimate: PlanEstimate; costs: PlanCosts; totalCents: Cents } {
  const { estimate, costs } = estimateForMember(plan, memberProfile(inputs), { dataAsOf: options.dataAsOf, currentYearly: null });
  return { estimate, costs, totalCents: costs.total };
}
