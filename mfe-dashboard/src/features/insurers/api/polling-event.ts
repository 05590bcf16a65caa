import type { PollingEventResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

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

/** How long to wait before asking again about a pending event. */
export const pollDelayMs = (event: PollingEventResponse): number =>
  Math.max(Number(event.pollInterval) || DEFAULT_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS);
