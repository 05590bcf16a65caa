import { isApiError } from './api-error';

// No React here: the API client imports this, and the shell's entry calls the client before React is loaded.

/**
 * Dispatched on window when the API becomes unreachable (a 503, a gateway error, no answer) or reachable
 * again. The shell and every remote bundle their own copy of this module: the state lives on window.
 */
export const CONNECTIVITY_EVENT = 'healthlink:connectivity';
const STATE_KEY = '__healthlinkReconnecting__';
const OUTAGE_STATUSES = new Set([502, 503, 504]);

type ConnectivityWindow = Window & { [STATE_KEY]?: boolean };

/**
 * The API did not answer, or answered that it cannot serve now (503 SERVICE.UNAVAILABLE, 502, 504): the
 * call may be retried and the session is not in question (only a 401 ends it).
 */
export function isConnectionFailure(error: unknown): boolean {
  // A body that was not ours became INTERNAL.UNEXPECTED (toApiError): a proxy's page, so an outage.
  return (
    isApiError(error) &&
    (error.status === 0 || isOutageStatus(error.status, error.code === 'INTERNAL.UNEXPECTED' ? undefined : { code: error.code }))
  );
}

/**
 * An outage: a 503 or 504, or a 502 from a proxy. A 502 that carries one of our error codes (e.g.
 * INSURERS.DISCOVERY_FAILED: an insurer's server is down) is the API answering that a partner failed.
 */
export function isOutageStatus(status: number, body?: unknown): boolean {
  if (!OUTAGE_STATUSES.has(status)) return false;
  if (status !== 502) return true;
  const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
  return typeof code !== 'string';
}

/** Whether the last word on the API was an outage: the shell then shows that it is reconnecting. */
export function isReconnecting(): boolean {
  return typeof window !== 'undefined' && (window as ConnectivityWindow)[STATE_KEY] === true;
}

function setReconnecting(value: boolean): void {
  if (typeof window === 'undefined' || isReconnecting() === value) return;
  (window as ConnectivityWindow)[STATE_KEY] = value;
  window.dispatchEvent(new CustomEvent(CONNECTIVITY_EVENT));
}

export function reportApiUnreachable(): void {
  setReconnecting(true);
}

export function reportApiReachable(): void {
  setReconnecting(false);
}
