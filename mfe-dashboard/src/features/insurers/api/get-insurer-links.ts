import { queryOptions, useQuery } from '@tanstack/react-query';
import type { InsurerLinksResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { insurerKeys } from './insurer-keys';

/** The member's linked insurers, each with its status and when its data was last updated. */
export function getInsurerLinks(): Promise<InsurerLinksResponse> {
  return apiClient.get<InsurerLinksResponse>('/api/insurerDataFetch/links');
}

export const insurerLinksQueryOptions = () => queryOptions({ queryKey: insurerKeys.links(), queryFn: getInsurerLinks });

export function useInsurerLinks() {
  return useQuery(insurerLinksQueryOptions());
}
