import { queryOptions, useQuery } from '@tanstack/react-query';
import { ERRORS_QUERY_PATH, type RunQueryRequest, type RunQueryResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { queryToolKeys } from './query-tool-keys';

/** POST /api/errors/query: the server parses the SQL and runs one SELECT read only (staff only). */
export function runQuery(query: string, signal?: AbortSignal): Promise<RunQueryResponse> {
  const request: RunQueryRequest = { query };
  return apiClient.post<RunQueryResponse>(ERRORS_QUERY_PATH, request, { signal });
}

/** What was submitted: the SQL and which press of Execute Query it was (0: the run on load). */
export interface SubmittedQuery {
  sql: string;
  run: number;
}

// A run happens once per press (spec part 2 §4), and every run is logged on the server: never again by itself on
// focus, reconnect or a retry. Its result is dropped when the page goes, so coming back runs the query afresh.
export const runQueryOptions = ({ sql, run }: SubmittedQuery) =>
  queryOptions({
    queryKey: queryToolKeys.run(sql, run),
    queryFn: ({ signal }) => runQuery(sql, signal),
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

export function useRunQuery(submitted: SubmittedQuery) {
  return useQuery(runQueryOptions(submitted));
}
