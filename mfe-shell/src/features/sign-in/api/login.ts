import { useMutation } from '@tanstack/react-query';
import type { LoginRequest, LoginResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

export function login(request: LoginRequest): Promise<LoginResponse> {
  return apiClient.post<LoginResponse>('/api/login', request, { anonymous: true });
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
