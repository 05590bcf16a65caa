/** Every error body the API returns has this shape; `code` is stable, `message` is for people. */
export interface ApiErrorBody {
  code: string;
  message: string;
  /** Field-level reasons for a 400. */
  errors?: ApiFieldError[];
  /** Given on 500s so support can find the log line; never the internal error text. */
  correlationId?: string;
}

export interface ApiFieldError {
  field: string;
  message: string;
}

export const CommonErrorCode = {
  ValidationFailed: 'REQUEST.VALIDATION_FAILED',
  MalformedJson: 'REQUEST.MALFORMED_JSON',
  PayloadTooLarge: 'REQUEST.PAYLOAD_TOO_LARGE',
  UnsupportedMediaType: 'REQUEST.UNSUPPORTED_MEDIA_TYPE',
  /** The JSON body is nested deeper than the API accepts. */
  NestingTooDeep: 'REQUEST.NESTING_TOO_DEEP',
  /** The database refused a value (text it cannot store, a malformed date or number, too long). */
  InvalidValue: 'REQUEST.INVALID_VALUE',
  NotFound: 'REQUEST.NOT_FOUND',
  Unauthorized: 'AUTH.UNAUTHORIZED',
  Forbidden: 'AUTH.FORBIDDEN',
  TooManyRequests: 'REQUEST.TOO_MANY',
  Internal: 'INTERNAL.UNEXPECTED',
  /** A dependency (the database) cannot be reached: try again after Retry-After; the session stays. */
  ServiceUnavailable: 'SERVICE.UNAVAILABLE',
} as const;
export type CommonErrorCode = (typeof CommonErrorCode)[keyof typeof CommonErrorCode];
