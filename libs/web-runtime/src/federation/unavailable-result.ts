// Kept free of React and of the federation runtime: the errorLoadRemote plugin imports it, and
// runtime plugins run before any shared module is ready.

export const REMOTE_UNAVAILABLE = '__healthlinkRemoteUnavailable';

export interface RemoteUnavailableResult {
  [REMOTE_UNAVAILABLE]: true;
  id: string;
  error: unknown;
}

export function unavailableResult(id: string, error: unknown): RemoteUnavailableResult {
  return { [REMOTE_UNAVAILABLE]: true, id, error };
}

export function isUnavailableResult(value: unknown): value is RemoteUnavailableResult {
  return typeof value === 'object' && value !== null && REMOTE_UNAVAILABLE in value;
}
