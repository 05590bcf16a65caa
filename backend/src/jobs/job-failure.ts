import { logSafeError } from '../common/errors/log-safe-error';

interface SafeFields {
  type?: unknown;
  message?: unknown;
  stack?: unknown;
  code?: unknown;
}

/** A failure's message as it may be stored: a refused value (class 22) withheld, as in the log. */
export function safeFailureMessage(error: unknown): string {
  const safe = logSafeError(error);
  if (typeof safe === 'object' && safe !== null && typeof (safe as SafeFields).message === 'string') {
    return (safe as SafeFields).message as string;
  }
  return String(safe);
}

/**
 * What pg-boss may keep of a failure: it serializes the thrown error into job.output (then the archive, for days),
 * and a QueryFailedError carries its SQL, parameters and driver error. Only the cleaned name, message, stack and
 * code go.
 */
export function safeFailure(error: unknown): Error {
  const safe = logSafeError(error);
  if (typeof safe !== 'object' || safe === null) return new Error(String(safe));
  const { type, message, stack, code } = safe as SafeFields;
  const failure: Error & { code?: string | number } = new Error(typeof message === 'string' ? message : '');
  if (typeof type === 'string') failure.name = type;
  failure.stack = typeof stack === 'string' ? stack : `${failure.name}: ${failure.message}`;
  if (typeof code === 'string' || typeof code === 'number') failure.code = code;
  return failure;
}
