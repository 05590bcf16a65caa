import { queryOptions, useQuery } from '@tanstack/react-query';
import { INSURER_UPTIME_HISTORY_PATH, type UptimeHistoryResponse, type UserResponse } from '@healthlink/contracts';
import { apiClient, useSession } from '@healthlink/web-runtime';
import { uptimeKeys } from './uptime-keys';

/** GET /api/user: the session's role as the server reads it at this request (as the staff gate reads it). */
export function getSessionUser(signal?: AbortSignal): Promise<UserResponse> {
  return apiClient.get<UserResponse>('/api/user', { signal });
}

/** GET /api/upTimeCheck/history: staff only; 30 days of scheduled runs, one sample per insurer and UTC day. */
export function getUptimeHistory(signal?: AbortSignal): Promise<UptimeHistoryResponse> {
  return apiClient.get<UptimeHistoryResponse>(INSURER_UPTIME_HISTORY_PATH, { signal });
}

export const uptimeHistoryQueryOptions = () =>
  queryOptions({ queryKey: uptimeKeys.history(), queryFn: ({ signal }) => getUptimeHistory(signal) });

/**
 * True only for a signed-in staff member. Others (a visitor, a patient, a failed read) simply see no history: the
 * page itself is open, as its check is.
 */
export function useIsStaff(): boolean {
  const { isLoggedIn } = useSession();
  const user = useQuery({
    queryKey: uptimeKeys.sessionRole(),
    queryFn: ({ signal }) => getSessionUser(signal),
    enabled: isLoggedIn,
  });
  return isLoggedIn && user.data?.role === 'staff';
}

export function useUptimeHistory(enabled: boolean) {
  return useQuery({ ...uptimeHistoryQueryOptions(), enabled });
}
