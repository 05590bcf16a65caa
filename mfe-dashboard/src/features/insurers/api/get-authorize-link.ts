import { useMutation } from '@tanstack/react-query';
import type { AuthorizeLinkResponse, InsurerKey, InsurerSubset } from '@healthlink/contracts';
import { apiClient } from '@healthlink/web-runtime';

export const authorizePath = (insurer: InsurerKey, subset: InsurerSubset | null): string =>
  `/api/insurerDataFetch/${insurer}Fetch${subset ? `/${subset}` : ''}/oauth2/authorize`;

/** The insurer's sign-in URL, carrying a state bound to this user. */
export function getAuthorizeLink({
  insurer,
  subset,
}: {
  insurer: InsurerKey;
  subset: InsurerSubset | null;
}): Promise<AuthorizeLinkResponse> {
  return apiClient.get<AuthorizeLinkResponse>(authorizePath(insurer, subset));
}

export function useAuthorizeLink() {
  return useMutation({ mutationFn: getAuthorizeLink });
}
