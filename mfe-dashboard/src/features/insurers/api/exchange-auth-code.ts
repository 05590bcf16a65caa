import type { InsurerKey, PollingEventCreatedResponse, TokenCallbackRequest } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** Hands the insurer's code and state to the server, which exchanges it in a job; no userID: the session says who. */
export function exchangeAuthCode({
  insurer,
  ...request
}: TokenCallbackRequest & { insurer: InsurerKey }): Promise<PollingEventCreatedResponse> {
  return apiClient.post<PollingEventCreatedResponse>(`/api/insurerDataFetch/${insurer}Fetch/oauth2/tokenCallback`, request);
}
