export {
  categorizeClaims,
  type CareProfile,
  type CareUnit,
  type RankableClaim,
  type SkippedClaim,
  type SkipReason,
} from './care-categories';
export { drugCost, drugTierCost, estimateTier, PART_D_2026, type DrugCost } from './drug-cost';
export { maMedicalCost, type MedicalCost } from './medical-cost';
export { formatMoney, toCents, toDollars, type Cents } from './money';
export { ORIGINAL_MEDICARE_2026, originalMedicareCost } from './original-medicare';
export { estimateForMember, memberProfile, type EstimateOptions, type MemberProfile, type PlanCosts } from './plan-estimate';
export {
  estimatePlan,
  NO_NET_IMPACT,
  RANKING_VERSION,
  rankColumns,
  rankPlans,
  type CurrentPlanInput,
  type RankedPlans,
  type RankPlansOptions,
} from './rank-plans';
