export { apiClient, apiRequest, type ApiRequestOptions, type HttpMethod } from './api/api-client';
export { ApiError, isApiError, isServiceFailure, NETWORK_ERROR_CODE, toApiError, type ReceivedErrorCode } from './api/api-error';
export { CONNECTIVITY_EVENT, isConnectionFailure, isReconnecting, reportApiReachable, reportApiUnreachable } from './api/connectivity';
export { useReconnecting } from './api/useReconnecting';
export {
  DEFAULT_POLL_CAP_MS,
  getPollingEvent,
  hasEnded,
  MIN_POLL_INTERVAL_MS,
  pollDelayMs,
  pollEvent,
  PollingTimeoutError,
  responseMessage,
  type PollEventOptions,
} from './api/polling-event';
export {
  decodeToken,
  endSession,
  getLastActivity,
  getToken,
  getValidToken,
  InvalidTokenError,
  isLoggedIn,
  isTokenValid,
  LAST_ACTIVITY_KEY,
  recordActivity,
  SESSION_EVENT,
  startSession,
  TOKEN_KEY,
  type TokenClaims,
} from './session/session';
export { buildUnsignedToken } from './session/unsigned-token';
export { onSignInRequest, requestSignIn, SIGN_IN_REQUEST_EVENT, type SignInRequest } from './session/sign-in-request';
export { useSession, type Session } from './session/useSession';
export {
  initFederation,
  loadRemoteApp,
  loadRemotesManifest,
  preloadRemoteFor,
  REMOTES_MANIFEST_URL,
  RemoteUnavailableError,
  resetRemoteLoader,
  type LoadRemoteOptions,
  type RemoteAppComponent,
  type RemoteAppLoader,
} from './federation/remote-loader';
export { RemoteLoaderContext, RemoteLoaderProvider } from './federation/remote-loader-context';
export { RemoteArea, type RemoteAreaProps } from './federation/RemoteArea';
export { lazyPage, type LazyPageComponent } from './federation/lazy-page';
export { createRemoteApp, mountStandalone } from './federation/remote-entry';
export { RemoteUnavailable } from './federation/RemoteUnavailable';
export { analyticsAllowed, CONSENT_EVENT, CONSENT_MAX_AGE_SECONDS, readConsent, useConsent, writeConsent } from './consent/consent';
export { ANALYTICS_EVENTS_URL, analyticsPath, trackEvent, trackPageView } from './analytics/analytics';
export { prefetchSiteInfo } from './site-info/early-site-info';
export {
  ClientErrorType,
  clientHost,
  ERROR_LOG_URL,
  errorDetailsOf,
  isAnswerError,
  reportClientError,
  reportFetchFailure,
  type ClientErrorReport,
  type ErrorDetails,
} from './errors/error-reporter';
export { DEFAULT_PRODUCT_NAME, siteInfoQuery, telHref, usePageTitle, useSiteInfo, type SiteInfoState } from './site-info/site-info';
// The route matcher lives with the route table; re-exported for the remotes.
export { routeForPath } from '@healthlink/contracts';
