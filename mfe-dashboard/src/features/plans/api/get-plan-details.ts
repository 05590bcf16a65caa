import { useQuery } from '@tanstack/react-query';
import {
  PLAN_RANKS_PATHS,
  type PatientInfoResponse,
  type PlanBenefitsRequest,
  type PlanBenefitsResponse,
  type PlanEstimate,
} from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { plansKeys } from './plans-keys';

/** GET estimate?bidId=: the whole arithmetic of one plan from the member's latest ranking. */
export function getPlanEstimate(bidId: string, signal?: AbortSignal): Promise<PlanEstimate> {
  return apiClient.get<PlanEstimate>(`${PLAN_RANKS_PATHS.estimate}?bidId=${encodeURIComponent(bidId)}`, { signal });
}

export function usePlanEstimate(bidId: string) {
  return useQuery({ queryKey: plansKeys.estimate(bidId), queryFn: ({ signal }) => getPlanEstimate(bidId, signal) });
}

/** POST planBenefits (part 2 §7): the plan's enhanced and rideshare benefits. A read, so cached like one. */
export function getPlanBenefits(request: PlanBenefitsRequest, signal?: AbortSignal): Promise<PlanBenefitsResponse> {
  return apiClient.post<PlanBenefitsResponse>(PLAN_RANKS_PATHS.planBenefits, request, { signal });
}

export function usePlanBenefits(bidId: string, request: PlanBenefitsRequest) {
  return useQuery({ queryKey: plansKeys.benefits(bidId), queryFn: ({ signal }) => getPlanBenefits(request, signal) });
}

/**
 * The member's birth date from their profile (GET /api/patientInfo), for their own initial enrollment window; null
 * when the profile has none. The account feature reads the same call; features do not import each other.
 */
export async function getBirthDate(signal?: AbortSignal): Promise<string | null> {
  const info = await apiClient.get<PatientInfoResponse>('/api/patientInfo', { signal });
  return info.patientInfoEntry[0]?.birthdate ?? info.account?.birthdate ?? null;
}

export function useBirthDate() {
  return useQuery({ queryKey: plansKeys.birthDate(), queryFn: ({ signal }) => getBirthDate(signal), staleTime: Infinity });
}
