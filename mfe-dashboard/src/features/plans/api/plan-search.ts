import { useMutation } from '@tanstack/react-query';
import {
  PLAN_RANKS_PATHS,
  PlanTexts,
  type DrugFormularySearchRequest,
  type PlanSearchResponse,
  type PollingEventCreatedResponse,
  type ProviderSearchRequest,
} from '@healthlink/contracts';
import { apiClient, pollEvent } from '@healthlink/web-runtime';

export type PlanSearchKind = 'provider' | 'drug';

/** How a search ended: its status (part 2 §8) and, when complete, its table. */
export interface PlanSearchOutcome {
  status: string;
  table: PlanSearchResponse['response'];
}

const SEARCH_STATUSES: readonly string[] = [
  'complete',
  PlanTexts.searchNoDrug,
  PlanTexts.searchNoProviders,
  PlanTexts.searchNoFormulary,
  PlanTexts.searchNoCarrier,
];

const isSearchResponse = (value: unknown): value is PlanSearchResponse =>
  !!value && typeof value === 'object' && typeof (value as PlanSearchResponse).status === 'string';

/**
 * Part 2 §7: POST providerSearch or drugFormularySearch answers a pollingEventID, polled until it ends. The event's
 * response carries the search status and the table; a status the spec does not list (an `error` event, a table
 * missing) reads as "Something went wrong" through planSearchMessage.
 */
export async function runPlanSearch(
  kind: PlanSearchKind,
  request: ProviderSearchRequest | DrugFormularySearchRequest,
  signal?: AbortSignal,
): Promise<PlanSearchOutcome> {
  const path = kind === 'provider' ? PLAN_RANKS_PATHS.providerSearch : PLAN_RANKS_PATHS.drugFormularySearch;
  const { pollingEventID } = await apiClient.post<PollingEventCreatedResponse>(path, request, { signal });
  const event = await pollEvent<unknown>(pollingEventID, { signal });
  if (isSearchResponse(event.response)) {
    const { status, response } = event.response;
    if (status === 'complete' && !response) return { status: 'error', table: null };
    return { status, table: status === 'complete' ? response : null };
  }
  // A bare event whose status is itself one of the spec's search statuses.
  return { status: SEARCH_STATUSES.includes(event.status) && event.status !== 'complete' ? event.status : 'error', table: null };
}

/** A search the member starts (a text field and Search): a mutation, one result at a time. */
export function usePlanSearch(kind: PlanSearchKind) {
  return useMutation({
    mutationFn: (request: ProviderSearchRequest | DrugFormularySearchRequest) => runPlanSearch(kind, request),
  });
}
