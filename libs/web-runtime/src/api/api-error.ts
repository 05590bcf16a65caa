import type { ApiErrorBody, ApiErrorCode, ApiFieldError, CommonErrorCode, UnknownErrorCode } from '@healthlink/contracts';

/** Code given when the request never reached the server (offline, DNS, aborted by the network). */
export const NETWORK_ERROR_CODE = 'NETWORK.UNREACHABLE';

/** A code from the API's contracts, the client's own network code, or one a newer server added. */
export type ReceivedErrorCode = ApiErrorCode | typeof NETWORK_ERROR_CODE | UnknownErrorCode;

/** Every failed API call rejects with this: `code` is what the UI switches on. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: ReceivedErrorCode;
  readonly fieldErrors: ApiFieldError[];
  readonly correlationId?: string;

  constructor(status: number, body: ApiErrorBody<ReceivedErrorCode>) {
    super(body.message);
    this.status = status;
    this.code = body.code;
    this.fieldErrors = body.errors ?? [];
    this.correlationId = body.correlationId;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The call got no usable answer: the server was unreachable, failed (5xx), or something threw
 * outside the client. Screens show their "try again later" text for these, never the raw message.
 */
export function isServiceFailure(error: unknown): boolean {
  return !isApiError(error) || error.status === 0 || error.status >= 500;
}

function isErrorBody(value: unknown): value is ApiErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ApiErrorBody).code === 'string' &&
    typeof (value as ApiErrorBody).message === 'string'
  );
}

// The contract's codes for a bare status, as literals the compiler checks against CommonErrorCode: importing the code
// object would put every code's text into each page that loads this module.
const STATUS_CODES: Partial<Record<number, CommonErrorCode>> = {
  401: 'AUTH.UNAUTHORIZED',
  403: 'AUTH.FORBIDDEN',
  404: 'REQUEST.NOT_FOUND',
};

/** Builds the ApiError for a non-ok response whose body may or may not be our `{ code, message }`. */
export function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) return new ApiError(status, body);
  const code = STATUS_CODES[status] ?? ('INTERNAL.UNEXPECTED' satisfies CommonErrorCode);
  return new ApiError(status, { code, message: `Request failed with status ${status}` });
}
