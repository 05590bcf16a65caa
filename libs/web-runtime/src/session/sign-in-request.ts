/**
 * A remote's page asks the shell to open its sign-in modal (a remote never imports the shell). Like
 * SESSION_EVENT, a window event, because the shell and each remote bundle their own copy of this module.
 */
export const SIGN_IN_REQUEST_EVENT = 'healthlink:sign-in-request';

export interface SignInRequest {
  /** After signing in, stay on the asking page (it carries on) instead of going to the dashboard. */
  stayOnPage: boolean;
}

export function requestSignIn(request: SignInRequest = { stayOnPage: true }): void {
  window.dispatchEvent(new CustomEvent<SignInRequest>(SIGN_IN_REQUEST_EVENT, { detail: request }));
}

/** Calls `listener` for every request; answers the unsubscribe. */
export function onSignInRequest(listener: (request: SignInRequest) => void): () => void {
  const handle = (event: Event) => listener((event as CustomEvent<SignInRequest>).detail ?? { stayOnPage: true });
  window.addEventListener(SIGN_IN_REQUEST_EVENT, handle);
  return () => window.removeEventListener(SIGN_IN_REQUEST_EVENT, handle);
}
