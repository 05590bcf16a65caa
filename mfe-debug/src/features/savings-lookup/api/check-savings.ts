import { queryOptions, useQuery } from '@tanstack/react-query';
import { COUPON_SERVICE_PATH, type CheckSavingsRequest, type CheckSavingsResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { savingsKeys } from './savings-keys';

export const CHECK_SAVINGS_PATH = `/api/${COUPON_SERVICE_PATH}/checkSavings`;

/** POST /api/coupons/checkSavings (staff only): the coupon service's savings for each NDC. */
export function checkSavings(request: CheckSavingsRequest, signal?: AbortSignal): Promise<CheckSavingsResponse> {
  return apiClient.post<CheckSavingsResponse>(CHECK_SAVINGS_PATH, request, { signal });
}

// A check calls a partner and counts against a rate limit: it runs when the query string changes or Check Savings is
// pressed, never again by itself (focus, reconnect, retry), and its answer goes when the page does.
export const checkSavingsQueryOptions = (request: CheckSavingsRequest, run: number) =>
  queryOptions({
    queryKey: savingsKeys.check(request, run),
    queryFn: ({ signal }) => checkSavings(request, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** The check of `request`; nothing is asked while it is null (the form has a problem). */
export function useCheckSavings(request: CheckSavingsRequest | null, run: number) {
  const options = checkSavingsQueryOptions(request ?? { ndcList: [], phoneNumber: '', zipCode: '', pharmacyNPI: '' }, run);
  return useQuery({ ...options, enabled: request !== null });
}
