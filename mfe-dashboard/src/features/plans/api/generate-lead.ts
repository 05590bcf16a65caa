import { useMutation } from '@tanstack/react-query';
import { PLAN_RANKS_PATHS, type GenerateLeadRequest, type GenerateLeadResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** POST eliteInsurance/generateLead (part 2 §7): a broker calls the member back. */
export function generateLead(request: GenerateLeadRequest): Promise<GenerateLeadResponse> {
  return apiClient.post<GenerateLeadResponse>(PLAN_RANKS_PATHS.generateLead, request);
}

export function useGenerateLead() {
  return useMutation({ mutationFn: generateLead });
}
