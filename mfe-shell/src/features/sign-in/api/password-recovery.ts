import { useMutation } from '@tanstack/react-query';
import type {
  MessageResponse,
  UpdateUserPasswordRequest,
  VerifyEmailRequest,
  VerifyRandomStringRequest,
  VerifyRandomStringResponse,
} from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** Always answers Operation Complete; the code goes out by e-mail when the account exists. */
export function sendRecoveryCode(request: VerifyEmailRequest): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/verifyEmailandGenStr', request, { anonymous: true });
}

export function verifyRecoveryCode(request: VerifyRandomStringRequest): Promise<VerifyRandomStringResponse> {
  return apiClient.post<VerifyRandomStringResponse>('/api/verifyRandomString', request, { anonymous: true });
}

export interface UpdateRecoveredPasswordInput extends UpdateUserPasswordRequest {
  tempToken: string;
}

/** The bearer is the temporary token from verifyRandomString, never a session token. */
export function updateRecoveredPassword({ tempToken, ...request }: UpdateRecoveredPasswordInput): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>('/api/updateUserPassword', request, { headers: { Authorization: `Bearer ${tempToken}` } });
}

export function useSendRecoveryCode() {
  return useMutation({ mutationFn: sendRecoveryCode });
}

export function useVerifyRecoveryCode() {
  return useMutation({ mutationFn: verifyRecoveryCode });
}

export function useUpdateRecoveredPassword() {
  return useMutation({ mutationFn: updateRecoveredPassword });
}
