import { useMutation } from '@tanstack/react-query';
import { INSURER_UPTIME_CHECK_PATH, type UptimeResult } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** GET /api/upTimeCheck/insurerUptimeCheck: the spec sends no token on this call (part 2 §6), so none is sent. */
export function runUptimeCheck(): Promise<UptimeResult[]> {
  return apiClient.get<UptimeResult[]>(INSURER_UPTIME_CHECK_PATH, { anonymous: true });
}

/** The check runs when the button is pressed (idle, running, then results or error: part 2 §4), never on load. */
export function useRunUptimeCheck() {
  return useMutation({ mutationFn: runUptimeCheck });
}
