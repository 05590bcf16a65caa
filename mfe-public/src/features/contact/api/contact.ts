import { useMutation } from '@tanstack/react-query';
import type { ContactRequest, MessageResponse } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

/** POST /api/contactUs: 201 { message }; 400 with the field; 429 when too many were sent. */
export function sendContactMessage(request: ContactRequest): Promise<MessageResponse> {
  return apiClient.post<MessageResponse>('/api/contactUs', request, { anonymous: true });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
