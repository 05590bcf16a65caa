import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  AI_DASHBOARD_CARDS,
  AI_PATHS,
  type AiDashboardItemKey,
  type AiDashboardItemRequest,
  type AiDashboardItemResponse,
} from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { aiKeys } from './ai-keys';

export const DASHBOARD_ITEM_URL = AI_PATHS.aiDashboardItem;

const STALE_MS = 10 * 60_000;

/**
 * Part 2 §7: POST /api/ai/aiDashboardItem for one card. A member sends the card and its data lists only: the server
 * builds the input from their own claims (a member's `input` and `instructions` would not be used).
 */
export function getDashboardItem(itemKey: AiDashboardItemKey, signal?: AbortSignal): Promise<AiDashboardItemResponse> {
  const body: AiDashboardItemRequest = { itemKey, requiredFields: AI_DASHBOARD_CARDS[itemKey].requiredFields };
  return apiClient.post<AiDashboardItemResponse>(DASHBOARD_ITEM_URL, body, { signal });
}

export const dashboardItemQueryOptions = (itemKey: AiDashboardItemKey) =>
  queryOptions({ queryKey: aiKeys.item(itemKey), queryFn: ({ signal }) => getDashboardItem(itemKey, signal), staleTime: STALE_MS });

/** One card's suggestions; asked only when `enabled` (its data lists are non-empty). */
export function useDashboardItem(itemKey: AiDashboardItemKey, enabled: boolean) {
  return useQuery({ ...dashboardItemQueryOptions(itemKey), enabled });
}
