import { useMutation } from '@tanstack/react-query';
import type { SignupRequest, SignupResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

export function signup(request: SignupRequest): Promise<SignupResponse> {
  return apiClient.post<SignupResponse>('/api/signup', request, { anonymous: true });
}

export function useSignup() {
  return useMutation({ mutationFn: signup });
}
