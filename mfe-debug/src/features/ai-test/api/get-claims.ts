import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ExplanationOfBenefitsPage } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { aiTestKeys } from './ai-test-keys';

/** The EOB read the dashboard's health history uses: the caller's own claims, newest first, by pages. */
export const EXPLANATION_OF_BENEFITS_URL = '/api/explanationOfBenefits';
export const CLAIMS_PAGE_SIZE = 10;

export function getClaims(cursor: string | null, signal?: AbortSignal): Promise<ExplanationOfBenefitsPage> {
  const params = new URLSearchParams({ limit: String(CLAIMS_PAGE_SIZE) });
  if (cursor) params.set('cursor', cursor);
  return apiClient.get<ExplanationOfBenefitsPage>(`${EXPLANATION_OF_BENEFITS_URL}?${params}`, { signal });
}

export const claimsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: aiTestKeys.claims(CLAIMS_PAGE_SIZE),
    queryFn: ({ pageParam, signal }) => getClaims(pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

export function useClaims() {
  return useInfiniteQuery(claimsQueryOptions());
}
