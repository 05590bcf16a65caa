import { queryOptions, useQuery } from '@tanstack/react-query';
import { AI_PATHS, type MedicalDataResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { aiKeys } from './ai-keys';

export const MEDICAL_DATA_URL = AI_PATHS.medicalData;

const STALE_MS = 5 * 60_000;

/** The member's own diagnosis, procedure and drug codes, grouped for Your Medical Data and the cards' rules. */
export function getMedicalData(signal?: AbortSignal): Promise<MedicalDataResponse> {
  return apiClient.get<MedicalDataResponse>(MEDICAL_DATA_URL, { signal });
}

export const medicalDataQueryOptions = () =>
  queryOptions({ queryKey: aiKeys.medicalData(), queryFn: ({ signal }) => getMedicalData(signal), staleTime: STALE_MS });

export function useMedicalData() {
  return useQuery(medicalDataQueryOptions());
}
