import type { MessageResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** POST /api/logout with the token being ended (passed explicitly: the local session ends at once). */
export function logoutOnServer(token: string): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/logout', undefined, { headers: { Authorization: `Bearer ${token}` } });
}
