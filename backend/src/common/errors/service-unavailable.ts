import { CommonErrorCode } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from './app-error';

/** What a 503 asks the client to wait before trying again (Retry-After, seconds). */
export const SERVICE_UNAVAILABLE_RETRY_SECONDS = 5;
export const SERVICE_UNAVAILABLE_MESSAGE = "We can't reach our records right now. Please try again in a moment.";

/** The database (or another dependency) cannot be reached: a 503 with Retry-After, never a 401 or a 500. */
export function serviceUnavailableError(cause?: unknown): AppError {
  const error = new AppError(CommonErrorCode.ServiceUnavailable, HttpStatus.SERVICE_UNAVAILABLE, SERVICE_UNAVAILABLE_MESSAGE);
  error.retryAfterSeconds = SERVICE_UNAVAILABLE_RETRY_SECONDS;
  if (cause !== undefined) error.cause = cause;
  return error;
}

// PostgreSQL SQLSTATEs that mean the server is going away or not yet there: admin_shutdown, crash_shutdown,
// cannot_connect_now, too_many_connections, and the whole class 08 (connection exception).
const UNAVAILABLE_SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300']);
const UNAVAILABLE_SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
]);
// node-postgres raises these without a code when a connection drops or never comes.
const UNAVAILABLE_PG_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

function isUnavailableCode(code: unknown): boolean {
  if (typeof code !== 'string') return false;
  return UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code) || UNAVAILABLE_SOCKET_CODES.has(code);
}

/**
 * True when the error says the database could not be reached (refused, shut down, dropped, timed out), as
 * node-postgres or TypeORM (QueryFailedError.driverError) raise it; false for errors in the query itself.
 */
export function isDatabaseUnavailableError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 4) return false;
  const candidate = error as { code?: unknown; message?: unknown; driverError?: unknown; cause?: unknown; errors?: unknown };
  if (isUnavailableCode(candidate.code)) return true;
  const message = candidate.message;
  if (typeof message === 'string' && UNAVAILABLE_PG_MESSAGES.some((m) => message.startsWith(m))) return true;
  if (Array.isArray(candidate.errors) && candidate.errors.some((e) => isDatabaseUnavailableError(e, depth + 1))) return true;
  return isDatabaseUnavailableError(candidate.driverError, depth + 1) || isDatabaseUnavailableError(candidate.cause, depth + 1);
}
