import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CheckTokenResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { LINKABLE_INSURERS } from '../lib/catalogue';
import { insurerKeys } from './insurer-keys';

/** Which insurers the user holds an active token for: `{ key: boolean }`. */
export function checkTokens(insurers: readonly string[]): Promise<CheckTokenResponse> {
  return apiClient.post<CheckTokenResponse>('/api/insurerDataFetch/checkToken', { insurers });
}

export const linkedInsurersQueryOptions = () =>
  queryOptions({ queryKey: insurerKeys.linked(), queryFn: () => checkTokens(LINKABLE_INSURERS), staleTime: 0 });

export function useLinkedInsurers() {
  return useQuery(linkedInsurersQueryOptions());
}
