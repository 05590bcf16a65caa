import type { ApiFieldError } from '@healthlink/contracts';

/** An error the API returns as data: a stable `MODULE.REASON` code, an HTTP status and a message for people. */
export class AppError extends Error {
  /** Sent as Retry-After (429 and 503). */
  retryAfterSeconds?: number;

  constructor(
    readonly code: string,
    readonly status: number,
    message: string,
    readonly fieldErrors?: ApiFieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}
