import type { FetchOperation, InsurerKey, PollingEventCreatedResponse } from '@healthlink/contracts';
import { apiClient, isServiceFailure } from '@healthlink/web-runtime';

export function startFetch(insurer: InsurerKey, operation: FetchOperation): Promise<PollingEventCreatedResponse> {
  // An empty body: the server takes the user from the session.
  return apiClient.post<PollingEventCreatedResponse>(`/api/insurerDataFetch/${insurer}Fetch/${operation}`, {});
}

/** One operation of a wave: its polling event, or why the server refused to start it. */
export interface StartedFetch {
  operation: FetchOperation;
  pollingEventID: string | null;
  problem: string | null;
}

/**
 * Starts a wave's operations in parallel. A refusal (4xx) is that operation's failure and the others go on;
 * an unreachable or failing server rejects the whole wave.
 */
export async function startFetches({
  insurer,
  operations,
}: {
  insurer: InsurerKey;
  operations: readonly FetchOperation[];
}): Promise<StartedFetch[]> {
  return Promise.all(
    operations.map((operation) =>
      startFetch(insurer, operation).then(
        ({ pollingEventID }): StartedFetch => ({ operation, pollingEventID, problem: null }),
        (error: unknown): StartedFetch => {
          if (isServiceFailure(error)) throw error;
          return { operation, pollingEventID: null, problem: (error as Error).message };
        },
      ),
    ),
  );
}
