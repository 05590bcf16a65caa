import { queryOptions, skipToken } from '@tanstack/react-query';
import type { PollingEventResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { insurerKeys } from './insurer-keys';

// A server that answers a tiny or missing interval must not make the page hammer it.
const MIN_POLL_INTERVAL_MS = 250;
const DEFAULT_POLL_INTERVAL_MS = 1000;

export function getPollingEvent(id: string): Promise<PollingEventResponse> {
  return apiClient.get<PollingEventResponse>(`/api/pollingEvent/${encodeURIComponent(id)}`);
}

export const hasEnded = (event: PollingEventResponse | undefined): event is PollingEventResponse => !!event && event.status !== 'pending';

/** The `message` a job's response carries when it ends badly, if any. */
export function responseMessage(event: PollingEventResponse | undefined): string | null {
  const response = event?.response as { message?: unknown } | null | undefined;
  return typeof response?.message === 'string' && response.message ? response.message : null;
}

/** Polls the event every `pollInterval` ms while it is pending (spec part 2 §4); a final status stops it. */
export const pollingEventQueryOptions = (id: string | null) =>
  queryOptions({
    queryKey: insurerKeys.pollingEvent(id ?? ''),
    queryFn: id ? () => getPollingEvent(id) : skipToken,
    staleTime: Infinity,
    refetchInterval: (query) => {
      const event = query.state.data;
      if (!event || event.status !== 'pending') return false;
      return Math.max(Number(event.pollInterval) || DEFAULT_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS);
    },
    // The jobs run on the server either way; keep watching so the redirect is not held up by a hidden tab.
    refetchIntervalInBackground: true,
  });
