import type { PollingEventResponse } from '@healthlink/contracts';
import { apiClient } from './api-client';

// A server that answers a tiny or missing interval must not make the page hammer it.
export const MIN_POLL_INTERVAL_MS = 250;
const DEFAULT_POLL_INTERVAL_MS = 1000;
/** Long work (an insurer's data, a coupon search) ends well within this; past it the page stops asking and says so. */
export const DEFAULT_POLL_CAP_MS = 5 * 60_000;

/** GET /api/pollingEvent/{id}: only the event's owner may read it (the session token goes with it when there is one). */
export function getPollingEvent<T = unknown>(id: string, signal?: AbortSignal): Promise<PollingEventResponse<T>> {
  return apiClient.get<PollingEventResponse<T>>(`/api/pollingEvent/${encodeURIComponent(id)}`, { signal });
}

/** Spec part 1 §4: any status but `pending` ends polling. */
export const hasEnded = <T>(event: PollingEventResponse<T> | undefined): event is PollingEventResponse<T> =>
  !!event && event.status !== 'pending';

/** The `message` a job's response carries when it ends badly, if any. */
export function responseMessage(event: PollingEventResponse<unknown> | undefined): string | null {
  const response = event?.response as { message?: unknown } | null | undefined;
  return typeof response?.message === 'string' && response.message ? response.message : null;
}

/** How long to wait before asking again about a pending event. */
export const pollDelayMs = (event: PollingEventResponse<unknown>): number =>
  Math.max(Number(event.pollInterval) || DEFAULT_POLL_INTERVAL_MS, MIN_POLL_INTERVAL_MS);

/** Polling went on past its cap with the event still pending: the page stops asking and shows its failure text. */
export class PollingTimeoutError extends Error {
  override readonly name = 'PollingTimeoutError';
  constructor(readonly pollingEventID: string) {
    super('The request is taking too long.');
  }
}

export interface PollEventOptions<T> {
  /** Stops polling (the page left, a new search began): the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Total time allowed while the event stays pending; DEFAULT_POLL_CAP_MS unless told. */
  maxWaitMs?: number;
  /** Reads the event; GET /api/pollingEvent/{id} unless told (a flow that binds its own calls). */
  getEvent?: (id: string, signal?: AbortSignal) => Promise<PollingEventResponse<T>>;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * Polls a polling event until it ends (spec part 1 §4, part 2 §4): `pending` waits the server's pollInterval (at
 * least MIN_POLL_INTERVAL_MS) and asks again; any other status resolves with the event. A failed read rejects with
 * its ApiError; still pending after `maxWaitMs` rejects with PollingTimeoutError, so no page waits for ever.
 */
export async function pollEvent<T = unknown>(id: string, options: PollEventOptions<T> = {}): Promise<PollingEventResponse<T>> {
  const { signal, maxWaitMs = DEFAULT_POLL_CAP_MS, getEvent = getPollingEvent<T> } = options;
  const giveUpAt = Date.now() + maxWaitMs;
  for (;;) {
    signal?.throwIfAborted();
    const event = await getEvent(id, signal);
    signal?.throwIfAborted();
    if (hasEnded(event)) return event;
    const delay = pollDelayMs(event);
    if (Date.now() + delay > giveUpAt) throw new PollingTimeoutError(id);
    await sleep(delay, signal);
  }
}
