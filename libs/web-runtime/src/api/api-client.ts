import { endSession, getToken } from '../session/session';
import { ApiError, NETWORK_ERROR_CODE, toApiError } from './api-error';
import { isOutageStatus, reportApiReachable, reportApiUnreachable } from './connectivity';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface ApiRequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON. */
  body?: unknown;
  signal?: AbortSignal;
  /** An explicit `Authorization` here wins over the stored session token (e.g. a password-reset token). */
  headers?: Record<string, string>;
  /** Send no session token: login, sign-up and the recovery calls (spec part 1 §6). */
  anonymous?: boolean;
  /** Let the request outlive the page (an analytics event sent as the visitor leaves). */
  keepalive?: boolean;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const hasHeader = (headers: Record<string, string>, name: string) =>
  Object.keys(headers).some((key) => key.toLowerCase() === name.toLowerCase());

/**
 * Same-origin JSON call to the backend. Sends the stored bearer token when there is one and
 * rejects with an ApiError (never a bare TypeError) on a network failure or a non-ok status.
 * A 401 to a call made with the session token means the server ended the session: it is ended
 * here too, so every bundle sees the logout (login-required pages then send the user to /). An outage
 * (no answer, 502/503/504) keeps the session and marks the API unreachable until a call gets through.
 */
export async function apiRequest<T>(path: string, options: ApiRequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const sessionToken = options.anonymous || hasHeader(headers, 'Authorization') ? null : getToken();
  if (sessionToken) headers.Authorization = `Bearer ${sessionToken}`;

  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      ...(options.keepalive ? { keepalive: true } : {}),
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    reportApiUnreachable();
    throw new ApiError(0, { code: NETWORK_ERROR_CODE, message: 'The server could not be reached.' });
  }

  const body = await readJson(response);
  if (isOutageStatus(response.status, body)) reportApiUnreachable();
  // Any other answer to a call with the session means the server checked it in the database: it is back.
  else if (sessionToken && response.status !== 401) reportApiReachable();
  if (!response.ok) {
    // Only the session that made the call: a login in the meantime must survive.
    if (response.status === 401 && sessionToken && getToken() === sessionToken) endSession();
    throw toApiError(response.status, body);
  }
  return body as T;
}

type ApiCallOptions = Omit<ApiRequestOptions, 'method' | 'body'>;

export const apiClient = {
  get: <T>(path: string, options?: ApiCallOptions) => apiRequest<T>(path, options),
  post: <T>(path: string, body?: unknown, options?: ApiCallOptions) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: ApiCallOptions) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: ApiCallOptions) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: ApiCallOptions) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
