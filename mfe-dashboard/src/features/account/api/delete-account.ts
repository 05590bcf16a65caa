import { useMutation } from '@tanstack/react-query';
import type { MessageResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

export function deleteAccount(): Promise<MessageResponse> {
  return apiClient.delete<MessageResponse>('/api/users');
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
