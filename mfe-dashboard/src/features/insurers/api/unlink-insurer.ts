import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { InsurerKey, UnlinkInsurerResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** Ends the link to one insurer: the grant is revoked there where it can be, and its data is deleted here. */
export function unlinkInsurer(insurer: InsurerKey): Promise<UnlinkInsurerResponse> {
  return apiClient.delete<UnlinkInsurerResponse>(`/api/insurerDataFetch/links/${encodeURIComponent(insurer)}`);
}

export function useUnlinkInsurer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlinkInsurer,
    // The links, the linked set of the insurance selection and every data view may show what was just deleted.
    onSettled: () => queryClient.invalidateQueries(),
  });
}
