import { QueryClient } from '@tanstack/react-query';

/** One client for the whole page: the remotes share it through the singleton @tanstack/react-query. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, staleTime: 30_000 } },
  });
}
