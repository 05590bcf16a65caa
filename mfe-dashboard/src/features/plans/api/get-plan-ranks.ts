import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  PLAN_RANKS_PATHS,
  type PlanContactRequest,
  type PlanContactResponse,
  type PlanRanksFailure,
  type PlanRanksMissing,
  type PlanRanksResult,
  type PollingEventCreatedResponse,
} from '@healthlink/contracts';
import { apiClient, pollEvent } from '@healthlink/web-runtime';
import { plansKeys } from './plans-keys';

/**
 * How a ranking ended (part 2 §4): the ranked plans; `missing` (no ZIP, a ZIP we cannot place, no plans to price);
 * `failed` (the server could not rank). The last two show the contact form. A call that fails is thrown instead.
 */
export type PlanRanksOutcome =
  | { status: 'complete'; result: PlanRanksResult }
  | { status: 'missing'; missing: PlanRanksMissing | null }
  | { status: 'failed'; failure: PlanRanksFailure | null };

/** Thrown for any end the spec does not name (an `error` event, a `complete` without result). */
export const PLAN_RANKS_FETCH_ERROR = 'Error fetching plan ranks';

/** The ranking runs on the server and is cached there; a fresh tab need not start one every visit. */
const STALE_MS = 5 * 60_000;

const isObject = (value: unknown): value is Record<string, unknown> => !!value && typeof value === 'object';
const isResult = (response: unknown): response is PlanRanksResult => isObject(response) && Array.isArray(response.result);
const isMissing = (response: unknown): response is PlanRanksMissing =>
  isObject(response) && typeof response.reason === 'string' && typeof response.message === 'string';
const isFailure = (response: unknown): response is PlanRanksFailure => isObject(response) && typeof response.message === 'string';

/** Part 2 §7: GET getAllPlanRanks answers a pollingEventID, polled until it ends. */
export async function getAllPlanRanks(signal?: AbortSignal): Promise<PlanRanksOutcome> {
  const { pollingEventID } = await apiClient.get<PollingEventCreatedResponse>(PLAN_RANKS_PATHS.getAllPlanRanks, { signal });
  const event = await pollEvent<unknown>(pollingEventID, { signal });
  if (event.status === 'complete' && isResult(event.response)) return { status: 'complete', result: event.response };
  if (event.status === 'missing') return { status: 'missing', missing: isMissing(event.response) ? event.response : null };
  if (event.status === 'failed') return { status: 'failed', failure: isFailure(event.response) ? event.response : null };
  throw new Error(PLAN_RANKS_FETCH_ERROR);
}

export const planRanksQueryOptions = () =>
  queryOptions({ queryKey: plansKeys.ranks(), queryFn: ({ signal }) => getAllPlanRanks(signal), staleTime: STALE_MS });

/** The member's ranked plans (one query for the widget and the list page). */
export function usePlanRanks() {
  return useQuery(planRanksQueryOptions());
}

/** POST createContact: the form's fields; the server adds the member's id and e-mail from the session. */
export function createContact(request: PlanContactRequest): Promise<PlanContactResponse> {
  return apiClient.post<PlanContactResponse>(PLAN_RANKS_PATHS.createContact, request);
}

/** POST reTriggerPlanRanks: ranks again with what the member just gave. */
export function reTriggerPlanRanks(): Promise<unknown> {
  return apiClient.post<unknown>(PLAN_RANKS_PATHS.reTriggerPlanRanks);
}

/**
 * The contact form's submit (part 2 §4): create the contact, re-trigger the ranking, then fetch the ranks again;
 * the ranks query then holds complete, failed or missing. A failed create or re-trigger rejects (the form says so).
 */
export function useSubmitContact() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PlanContactRequest) => {
      await createContact(request);
      await reTriggerPlanRanks();
      await queryClient.refetchQueries({ queryKey: plansKeys.ranks(), exact: true });
    },
  });
}
