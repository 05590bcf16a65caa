import type { ApiErrorCode, ApiFieldError } from '@healthlink/contracts';

/**
 * An error the API returns as data: a stable `MODULE.REASON` code, an HTTP status and a message for people.
 * A module's error class narrows `TCode` to its own union (`AuthError extends AppError<AuthErrorCode>`).
 */
export class AppError<TCode extends ApiErrorCode = ApiErrorCode> extends Error {
  /** Sent as Retry-After (429 and 503). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: TCode,
    readonly status: number,
    message: string,
    readonly fieldErrors?: ApiFieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}
