import { useMutation } from '@tanstack/react-query';
import type { InsuranceAddRequest, MessageResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

export function requestInsurer(request: InsuranceAddRequest): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/brokerForms/insuranceAddRequest', request);
}

export function useRequestInsurer() {
  return useMutation({ mutationFn: requestInsurer });
}
