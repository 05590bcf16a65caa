import { queryOptions, useQuery } from '@tanstack/react-query';
import type { UserResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { accountKeys } from './account-keys';

export function getUser(): Promise<UserResponse> {
  return apiClient.get<UserResponse>('/api/user');
}

export const userQueryOptions = () => queryOptions({ queryKey: accountKeys.user(), queryFn: getUser });

export function useUser() {
  return useQuery(userQueryOptions());
}
