import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PatientInfoResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { accountKeys } from './account-keys';

export function getPatientInfo(): Promise<PatientInfoResponse> {
  return apiClient.get<PatientInfoResponse>('/api/patientInfo');
}

export const patientInfoQueryOptions = () => queryOptions({ queryKey: accountKeys.patientInfo(), queryFn: getPatientInfo });

export function usePatientInfo() {
  return useQuery(patientInfoQueryOptions());
}
