import { useMutation } from '@tanstack/react-query';
import type { MessageResponse, SettingsPasswordUpdateRequest } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

export function changePassword(request: SettingsPasswordUpdateRequest): Promise<MessageResponse> {
  return apiClient.put<MessageResponse>('/api/settingsPasswordUpdate', request);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
