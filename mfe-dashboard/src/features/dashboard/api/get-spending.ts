import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SpendingGrouping, SpendingResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { dashboardKeys } from './dashboard-keys';

export const SPENDING_PATH = '/api/spending';

/** The member's own share of their claims and fills, by month or by year, oldest first. */
export function getSpending(by: SpendingGrouping, signal?: AbortSignal): Promise<SpendingResponse> {
  return apiClient.get<SpendingResponse>(`${SPENDING_PATH}?by=${by}`, { signal });
}

export const spendingQueryOptions = (by: SpendingGrouping) =>
  queryOptions({ queryKey: dashboardKeys.spending(by), queryFn: ({ signal }) => getSpending(by, signal) });

/** Switching month and year keeps the shown periods until the other grouping arrives. */
export function useSpending(by: SpendingGrouping) {
  return useQuery({ ...spendingQueryOptions(by), placeholderData: keepPreviousData });
}
