import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CurrentPlanWithCostResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { dashboardKeys } from './dashboard-keys';

export const CURRENT_PLAN_PATH = '/api/currentPlan/getUsersCurrentPlan';

/** The member's coverages, the current one first, with its cost over its period (part 2 §3, §9). */
export function getCurrentPlan(signal?: AbortSignal): Promise<CurrentPlanWithCostResponse> {
  return apiClient.get<CurrentPlanWithCostResponse>(CURRENT_PLAN_PATH, { signal });
}

export const currentPlanQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.currentPlan(), queryFn: ({ signal }) => getCurrentPlan(signal) });

export function useCurrentPlan() {
  return useQuery(currentPlanQueryOptions());
}
