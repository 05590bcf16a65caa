import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@healthlink/web-runtime';

/** Spec part 1 §2: a server ping when the home page loads (it also wakes a cold server early). */
export function usePingServer(): void {
  useQuery({
    queryKey: ['pingServer'],
    queryFn: ({ signal }) => apiClient.get<{ message: string }>('/api/pingServer', { signal, anonymous: true }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
