import { queryOptions, useQuery } from '@tanstack/react-query';
import { INTERACTION_LEVELS, type DrugInteraction, type DrugInteractionsResponse, type InteractionLevel } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { getRxHistory } from './get-rx-history';
import { rxKeys } from './rx-keys';

export const DRUG_INTERACTIONS_URL = '/api/drugInteractions';

const isLevel = (level: unknown): level is InteractionLevel => INTERACTION_LEVELS.includes(level as InteractionLevel);

/** The most severe first; a level the web does not know reads as unknown rather than being dropped. */
export function orderInteractions(interactions: readonly DrugInteraction[]): DrugInteraction[] {
  return interactions
    .map((interaction) => (isLevel(interaction.level) ? interaction : { ...interaction, level: 'unknown' as const }))
    .sort((a, b) => INTERACTION_LEVELS.indexOf(a.level) - INTERACTION_LEVELS.indexOf(b.level));
}

/** The member's interactions, the most severe first, with what they were checked against and what was not. */
export async function getDrugInteractions(signal?: AbortSignal): Promise<DrugInteractionsResponse> {
  const answer = await apiClient.get<DrugInteractionsResponse>(DRUG_INTERACTIONS_URL, { signal });
  return { ...answer, interactions: orderInteractions(answer.interactions) };
}

export const drugInteractionsQueryOptions = () =>
  queryOptions({ queryKey: rxKeys.interactions(), queryFn: ({ signal }) => getDrugInteractions(signal) });

export function useDrugInteractions() {
  return useQuery(drugInteractionsQueryOptions());
}

/**
 * Whether the member has any prescription at all: an empty interaction list means "no interactions" only when
 * there are drugs to compare (part 2 §4: missing is "no drugs"). One row is enough to know.
 */
export const hasDrugsQueryOptions = () =>
  queryOptions({
    queryKey: rxKeys.hasDrugs(),
    queryFn: async ({ signal }) => (await getRxHistory({ limit: 1 }, signal)).total > 0,
  });

export function useHasDrugs(enabled: boolean) {
  return useQuery({ ...hasDrugsQueryOptions(), enabled });
}
