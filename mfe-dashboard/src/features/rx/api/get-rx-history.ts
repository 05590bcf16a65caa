import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { RxHistorySort, UserDrugsPage, UserDrugsQuery } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { rxKeys } from './rx-keys';

export const USER_DRUGS_URL = '/api/userDrugs';

/** One page of the member's prescriptions, by date prescribed. */
export function getRxHistory({ limit, cursor, sort }: UserDrugsQuery, signal?: AbortSignal): Promise<UserDrugsPage> {
  const params = new URLSearchParams();
  if (limit !== undefined) params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  if (sort) params.set('sort', sort);
  return apiClient.get<UserDrugsPage>(`${USER_DRUGS_URL}?${params}`, { signal });
}

export const rxHistoryQueryOptions = (sort: RxHistorySort, pageSize: number) =>
  infiniteQueryOptions({
    queryKey: rxKeys.history(sort, pageSize),
    queryFn: ({ pageParam, signal }) => getRxHistory({ limit: pageSize, cursor: pageParam ?? undefined, sort }, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  });

/** Pages of `pageSize` prescriptions; switching the sort keeps the rows on screen until the new order arrives. */
export function useRxHistory(sort: RxHistorySort, pageSize: number) {
  return useInfiniteQuery({ ...rxHistoryQueryOptions(sort, pageSize), placeholderData: keepPreviousData });
}
