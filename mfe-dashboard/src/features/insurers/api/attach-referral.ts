import { useMutation } from '@tanstack/react-query';
import type { AttachReferralRequest, AttachReferralResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** After signing in: adds a referral made for this account's e-mail to the account. */
export function attachReferral(code: string): Promise<AttachReferralResponse> {
  return apiClient.post<AttachReferralResponse>('/api/externalEnrollment/attachReferral', { code } satisfies AttachReferralRequest);
}

export function useAttachReferral() {
  return useMutation({ mutationFn: attachReferral });
}
