/** Statuses a polling event can have; anything but `pending` ends polling (spec part 1 §4, part 2 §4). */
export const POLLING_STATUSES = ['pending', 'complete', 'missing', 'failed', 'error', 'incomplete', 'duplicate'] as const;
export type PollingStatus = (typeof POLLING_STATUSES)[number];

/** GET /api/pollingEvent/{id} */
export interface PollingEventResponse<T = unknown> {
  status: PollingStatus;
  /** Milliseconds the client waits before polling again. */
  pollInterval: number;
  response: T | null;
}

/** Every endpoint that starts long work answers with this at once. */
export interface PollingEventCreatedResponse {
  pollingEventID: string;
}
