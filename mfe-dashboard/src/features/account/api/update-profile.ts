import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { UpdateProfileRequest, UpdateProfileResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';
import { accountKeys } from './account-keys';

/** Sends only the changed fields. */
export function updateProfile(changes: UpdateProfileRequest): Promise<UpdateProfileResponse> {
  return apiClient.put<UpdateProfileResponse>('/api/updateUserProfile', changes);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.all }),
  });
}
