import { AuthErrorCode } from '@healthlink/contracts';
import { isApiError } from '@healthlink/web-runtime';

// The API client makes up this message for a non-ok answer without our error body (a proxy's page): the server
// said nothing, so the page's own failure text is shown instead.
const MADE_UP_MESSAGE = /^Request failed with status \d+$/;

/** A staff API refused the session as not staff (the role was revoked since the page loaded): 403 AUTH.STAFF_ONLY. */
export function isStaffOnlyError(error: unknown): boolean {
  return isApiError(error) && error.status === 403 && error.code === AuthErrorCode.StaffOnly;
}

/**
 * What a debug page says when its call fails (spec part 2 §8): "Error: " and the server's message, or `fallback` when
 * the answer carried none; a call that never reached the server shows what it threw.
 */
export function failureText(error: unknown, fallback: string): string {
  if (isApiError(error)) {
    if (error.status === 0) return error.message || fallback;
    return error.message && !MADE_UP_MESSAGE.test(error.message) ? `Error: ${error.message}` : fallback;
  }
  return error instanceof Error && error.message ? error.message : fallback;
}
