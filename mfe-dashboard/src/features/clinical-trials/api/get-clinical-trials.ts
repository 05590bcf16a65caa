import { queryOptions, useQuery } from '@tanstack/react-query';
import {
  CLINICAL_TRIALS_RETRIEVE_PATH,
  ClinicalTrialsTexts,
  DEFAULT_TRIAL_RADIUS_MILES,
  type ClinicalTrialsMissing,
  type ClinicalTrialsResult,
  type PollingEventCreatedResponse,
} from '@healthlink/contracts';
import { apiClient, pollEvent } from '@healthlink/web-runtime';
import { clinicalTrialsKeys } from './clinical-trials-keys';

/** How a search ended: the matched trials, or nothing to search with (and why). Failures are thrown. */
export type ClinicalTrialsOutcome =
  { status: 'complete'; result: ClinicalTrialsResult } | { status: 'missing'; missing: ClinicalTrialsMissing | null };

/** The search's job runs on the server and its result is cached there; a fresh tab need not start one every visit. */
const STALE_MS = 5 * 60_000;

const isResult = (response: unknown): response is ClinicalTrialsResult =>
  !!response && typeof response === 'object' && Array.isArray((response as ClinicalTrialsResult).trials);

const isMissing = (response: unknown): response is ClinicalTrialsMissing =>
  !!response && typeof response === 'object' && typeof (response as ClinicalTrialsMissing).reason === 'string';

/** The start call: the bare path for the default distance (as the spec writes it), `?radius=N` otherwise. */
export function retrieveClinicalTrialsUrl(radiusMiles: number): string {
  return radiusMiles === DEFAULT_TRIAL_RADIUS_MILES
    ? CLINICAL_TRIALS_RETRIEVE_PATH
    : `${CLINICAL_TRIALS_RETRIEVE_PATH}?radius=${radiusMiles}`;
}

/**
 * Part 2 §7: starts the search (pollingEventID), then polls the event until it ends. `missing` is an outcome, not a
 * failure; `error`, `failed` or any other end throws "Error fetching clinical trials" (part 2 §8), as does a
 * `complete` without a list.
 */
export async function getClinicalTrials(radiusMiles: number, signal?: AbortSignal): Promise<ClinicalTrialsOutcome> {
  const { pollingEventID } = await apiClient.get<PollingEventCreatedResponse>(retrieveClinicalTrialsUrl(radiusMiles), { signal });
  const event = await pollEvent<ClinicalTrialsResult | ClinicalTrialsMissing>(pollingEventID, { signal });
  if (event.status === 'complete' && isResult(event.response)) return { status: 'complete', result: event.response };
  if (event.status === 'missing') return { status: 'missing', missing: isMissing(event.response) ? event.response : null };
  throw new Error(ClinicalTrialsTexts.fetchError);
}

export const clinicalTrialsQueryOptions = (radiusMiles: number) =>
  queryOptions({
    queryKey: clinicalTrialsKeys.list(radiusMiles),
    queryFn: ({ signal }) => getClinicalTrials(radiusMiles, signal),
    staleTime: STALE_MS,
  });

/** The member's matched trials within `radiusMiles` of their ZIP. */
export function useClinicalTrials(radiusMiles: number) {
  return useQuery(clinicalTrialsQueryOptions(radiusMiles));
}
