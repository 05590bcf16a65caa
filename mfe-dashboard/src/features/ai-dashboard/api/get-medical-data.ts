import { queryOptions, useQuery } from '@tanstack/react-query';
import { AI_PATHS, type MedicalDataResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { aiKeys } from './ai-keys';

export const MEDICAL_DATA_URL = AI_PATHS.medicalData;

const STALE_MS = 5 * 60_000;

/**
 * The member's own diagnosis, procedure and drug codes, grouped; with `definitions`, each entry carries its
 * definition (null where the provider failed for it), so one call defines every code.
 */
export function getMedicalData({ definitions = false, signal }: { definitions?: boolean; signal?: AbortSignal } = {}) {
  return apiClient.get<MedicalDataResponse>(definitions ? `${MEDICAL_DATA_URL}?definitions=true` : MEDICAL_DATA_URL, { signal });
}

/** The lists alone: all the suggestion cards need, so they never wait for definitions. */
export const medicalDataQueryOptions = () =>
  queryOptions({ queryKey: aiKeys.medicalData(), queryFn: ({ signal }) => getMedicalData({ signal }), staleTime: STALE_MS });

/** The lists with every code's definition, for Your Medical Data. */
export const medicalDataDefinitionsQueryOptions = () =>
  queryOptions({
    queryKey: aiKeys.medicalDataDefinitions(),
    queryFn: ({ signal }) => getMedicalData({ definitions: true, signal }),
    staleTime: STALE_MS,
  });

export function useMedicalData() {
  return useQuery(medicalDataQueryOptions());
}

/** Asked once the lists show the member has codes (`enabled`): one call for all of them, not one per code. */
export function useMedicalDataDefinitions(enabled: boolean) {
  return useQuery({ ...medicalDataDefinitionsQueryOptions(), enabled });
}
