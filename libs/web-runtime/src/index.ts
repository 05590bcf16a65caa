export { apiClient, apiRequest, type ApiRequestOptions, type HttpMethod } from './api/api-client';
export { ApiError, isApiError, isServiceFailure, NETWORK_ERROR_CODE, toApiError } from './api/api-error';
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
export { useSession, type Session } from './session/useSession';
export {
  initFederation,
  loadRemoteApp,
  loadRemotesManifest,
  REMOTES_MANIFEST_URL,
  RemoteUnavailableError,
  resetRemoteLoader,
  type LoadRemoteOptions,
  type RemoteAppComponent,
  type RemoteAppLoader,
} from './federation/remote-loader';
export { RemoteLoaderContext, RemoteLoaderProvider } from './federation/remote-loader-context';
export { RemoteArea, type RemoteAreaProps } from './federation/RemoteArea';
export { lazyPage } from './federation/lazy-page';
export { RemoteUnavailable } from './federation/RemoteUnavailable';
