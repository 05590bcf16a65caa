import { QueryClient } from '@tanstack/react-query';
import { isConnectionFailure } from '@healthlink/web-runtime';

// While the API is unreachable (a database restart takes seconds), queries keep trying with a growing pause.
const OUTAGE_RETRIES = 5;
const MAX_RETRY_DELAY_MS = 10_000;

/** One client for the whole page: the remotes share it through the singleton @tanstack/react-query. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failureCount, error) => failureCount < (isConnectionFailure(error) ? OUTAGE_RETRIES : 1),
        retryDelay: (attempt) => Math.min(1_000 * 2 ** attempt, MAX_RETRY_DELAY_MS),
        refetchOnWindowFocus: false,
        staleTime: 30_000,
      },
    },
  });
}
