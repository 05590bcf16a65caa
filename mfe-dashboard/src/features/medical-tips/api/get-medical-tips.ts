import { queryOptions, useQuery } from '@tanstack/react-query';
import { AI_PATHS, type MedicalTipsResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { medicalTipsKeys } from './medical-tips-keys';

export const MEDICAL_TIPS_URL = AI_PATHS.medicalTips;

// The tips are written from the member's stored claims, which change only when an insurer sync lands.
const STALE_MS = 10 * 60_000;

/** Part 2 §7: POST /api/medicalTips/getMedicalTipsFromEOB, no payload: tips from the caller's own claims. */
export function getMedicalTips(signal?: AbortSignal): Promise<MedicalTipsResponse> {
  return apiClient.post<MedicalTipsResponse>(MEDICAL_TIPS_URL, undefined, { signal });
}

export const medicalTipsQueryOptions = () =>
  queryOptions({ queryKey: medicalTipsKeys.tips(), queryFn: ({ signal }) => getMedicalTips(signal), staleTime: STALE_MS });

export function useMedicalTips() {
  return useQuery(medicalTipsQueryOptions());
}
