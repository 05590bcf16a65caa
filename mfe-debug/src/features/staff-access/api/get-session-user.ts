import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { staffAccessKeys } from './staff-access-keys';

/** GET /api/user: who the session is, with the role the server read from the account at this request. */
export function getSessionUser(signal?: AbortSignal): Promise<UserResponse> {
  return apiClient.get<UserResponse>('/api/user', { signal });
}

// staleTime 0 (the default): every visit to a staff page asks again, so a granted or revoked role shows at once,
// as the server applies it on the next request. The page is only a courtesy: every staff API checks the role itself.
export const sessionUserQueryOptions = () =>
  queryOptions({ queryKey: staffAccessKeys.sessionUser(), queryFn: ({ signal }) => getSessionUser(signal) });

export function useSessionUser() {
  return useQuery(sessionUserQueryOptions());
}
