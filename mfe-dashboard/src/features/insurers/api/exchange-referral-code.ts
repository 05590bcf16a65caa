import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@healthlink/web-runtime';

export interface ReferralTokenResponse {
  token: string;
  created: boolean;
}

/** A partner's single-use code for a session; the visitor has none yet, so none is sent. */
export function exchangeReferralCode(code: string): Promise<ReferralTokenResponse> {
  return apiClient.get<ReferralTokenResponse>(`/api/externalEnrollment/exchangeReferralCodeForToken/${encodeURIComponent(code)}`, {
    anonymous: true,
  });
}

export function useExchangeReferralCode() {
  return useMutation({ mutationFn: exchangeReferralCode });
}
