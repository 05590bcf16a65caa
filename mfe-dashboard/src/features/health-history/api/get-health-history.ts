import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { HealthDataErrorCode, type ExplanationOfBenefitsPage, type ExplanationOfBenefitsQuery } from '@healthlink/contracts';
import { apiClient, isApiError } from '@healthlink/web-runtime';
import { healthHistoryKeys } from './health-history-keys';

export const EXPLANATION_OF_BENEFITS_URL = '/api/explanationOfBenefits';

/** A page of claims; `serviceNotFound` when the claim the URL named (serviceID) is not the member's or is gone. */
export interface HealthHistoryPage extends ExplanationOfBenefitsPage {
  serviceNotFound?: boolean;
}

/** One page of the member's claims, newest first, filtered by `search` on the server. */
export function getHealthHistory(
  { limit, cursor, search, serviceID }: ExplanationOfBenefitsQuery,
  signal?: AbortSignal,
): Promise<ExplanationOfBenefitsPage> {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  if (search) params.set('search', search);
  if (serviceID) params.set('serviceID', serviceID);
  return apiClient.get<ExplanationOfBenefitsPage>(`${EXPLANATION_OF_BENEFITS_URL}?${params}`, { signal });
}

/**
 * The first page for a link to one claim (serviceID) holds every page up to and including it; a claim the server
 * does not know (404) leaves the list as it is without it, and says so.
 */
async function getFirstPage(query: ExplanationOfBenefitsQuery, signal: AbortSignal): Promise<HealthHistoryPage> {
  if (!query.serviceID) return getHealthHistory(query, signal);
  try {
    return await getHealthHistory(query, signal);
  } catch (error) {
    if (!isApiError(error) || error.code !== HealthDataErrorCode.ClaimNotFound) throw error;
    return { ...(await getHealthHistory({ ...query, serviceID: undefined }, signal)), serviceNotFound: true };
  }
}

export interface HealthHistoryFilters {
  pageSize: number;
  search: string;
  serviceID: string | null;
}

export const healthHistoryQueryOptions = ({ pageSize, search, serviceID }: HealthHistoryFilters) =>
  infiniteQueryOptions({
    queryKey: healthHistoryKeys.list({ pageSize, search, serviceID }),
    queryFn: ({ pageParam, signal }): Promise<HealthHistoryPage> =>
      pageParam === null
        ? getFirstPage({ limit: pageSize, search: search || undefined, serviceID: serviceID ?? undefined }, signal)
        : getHealthHistory({ limit: pageSize, cursor: pageParam, search: search || undefined }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Pages of claims; a new search keeps the rows on screen until its answer arrives. */
export function useHealthHistory(filters: HealthHistoryFilters) {
  return useInfiniteQuery({ ...healthHistoryQueryOptions(filters), placeholderData: keepPreviousData });
}
