import { InsurerTexts, type FetchOperation, type PollingEventCreatedResponse, type PollingEventResponse } from '@healthlink/contracts';
import { isServiceFailure, pollEvent, responseMessage } from '@healthlink/web-runtime';
import type { StartedFetch } from '../api/start-fetches';

/** What the error page shows in its Error and Description lines. */
export interface CallbackFailure {
  error: string;
  description: string;
}

/** The server calls of the flow (the hook binds them to the insurer, the code and the query client). */
export interface InsurerCallbackApi {
  exchange: () => Promise<PollingEventCreatedResponse>;
  startFetches: (operations: readonly FetchOperation[]) => Promise<StartedFetch[]>;
  getPollingEvent: (id: string) => Promise<PollingEventResponse>;
}

export type CallbackProgressEvent =
  /** A wave is under way; `pending` names the operations not ended yet (all of the wave until they have started). */
  | { type: 'gathering'; wave: number; pending: FetchOperation[] }
  /** One operation failed; the others go on. */
  | { type: 'problem'; operation: FetchOperation; message: string };

export type CallbackOutcome =
  | { outcome: 'done' }
  /** The insurer sign-in failed: the error page says why. */
  | { outcome: 'failed'; failure: CallbackFailure }
  /** The server could not be reached or failed: the flow stops. */
  | { outcome: 'unreachable' };

class SignInFailed extends Error {}

// The generic loop (pollInterval, abort, a cap on the total time) is web-runtime's; the flow binds its own reader.
const pollUntilEnded = (api: InsurerCallbackApi, id: string, signal: AbortSignal): Promise<PollingEventResponse> =>
  pollEvent(id, { signal, getEvent: (eventId) => api.getPollingEvent(eventId) });

async function authenticate(api: InsurerCallbackApi, signal: AbortSignal): Promise<void> {
  const { pollingEventID } = await api.exchange().catch((error: unknown) => {
    // The server refused the code or state (4xx): the sign-in failed, say why. Unreachable: the flow stops.
    throw isServiceFailure(error) ? error : new SignInFailed((error as Error).message);
  });
  signal.throwIfAborted();
  const event = await pollUntilEnded(api, pollingEventID, signal);
  if (event.status !== 'complete') throw new SignInFailed(responseMessage(event) ?? InsurerTexts.authenticationFailed);
}

async function gatherWave(
  api: InsurerCallbackApi,
  wave: number,
  operations: readonly FetchOperation[],
  onProgress: (event: CallbackProgressEvent) => void,
  signal: AbortSignal,
): Promise<void> {
  onProgress({ type: 'gathering', wave, pending: [...operations] });
  const started = await api.startFetches(operations);
  signal.throwIfAborted();
  const polled = started.filter((fetch): fetch is StartedFetch & { pollingEventID: string } => fetch.pollingEventID !== null);
  const pending = new Set(polled.map((fetch) => fetch.operation));
  onProgress({ type: 'gathering', wave, pending: [...pending] });
  const events = await Promise.all(
    polled.map(async (fetch) => {
      const event = await pollUntilEnded(api, fetch.pollingEventID, signal);
      pending.delete(fetch.operation);
      onProgress({ type: 'gathering', wave, pending: [...pending] });
      return event;
    }),
  );
  for (const fetch of started) if (fetch.problem) onProgress({ type: 'problem', operation: fetch.operation, message: fetch.problem });
  // 'missing' only means the insurer has no data of that kind; any other end but 'complete' is a failure.
  polled.forEach((fetch, i) => {
    const event = events[i];
    if (event.status !== 'complete' && event.status !== 'missing') {
      onProgress({ type: 'problem', operation: fetch.operation, message: responseMessage(event) ?? InsurerTexts.fetchFailed });
    }
  });
}

/**
 * The insurer callback flow (spec part 2 §4): exchange the code and poll it; then each wave of fetches in parallel,
 * polled, one wave after the other. A failed operation is a `problem` and the others go on. Rejects only when
 * `signal` aborts.
 */
export async function runInsurerCallback(
  api: InsurerCallbackApi,
  { waves }: { waves: readonly (readonly FetchOperation[])[] },
  onProgress: (event: CallbackProgressEvent) => void,
  signal: AbortSignal,
): Promise<CallbackOutcome> {
  try {
    await authenticate(api, signal);
    for (const [wave, operations] of waves.entries()) await gatherWave(api, wave, operations, onProgress, signal);
    return { outcome: 'done' };
  } catch (error) {
    if (signal.aborted) throw signal.reason;
    if (error instanceof SignInFailed) {
      return { outcome: 'failed', failure: { error: InsurerTexts.authenticationError, description: error.message } };
    }
    return { outcome: 'unreachable' };
  }
}
