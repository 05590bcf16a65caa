import { AccountScreenTexts, type AuthErrorCode } from '@healthlink/contracts';
import { isApiError, isServiceFailure } from '@healthlink/web-runtime';
import type { FormProblem } from '@healthlink/web-ui';

// Codes as literals the compiler checks against AuthErrorCode (the code object would bring every code's text along).

/** Spec part 1 §8: a failed login shows a toast when the service failed, else the form's error line. */
export function loginFailure(error: unknown): { toast: string } | FormProblem {
  if (isServiceFailure(error) || !isApiError(error)) return { toast: AccountScreenTexts.loginNetworkFailure };
  if (error.status === 401 || error.code === ('AUTH.INVALID_CREDENTIALS' satisfies AuthErrorCode)) {
    return { message: AccountScreenTexts.invalidCredentials };
  }
  return { message: error.message, field: error.fieldErrors[0]?.field };
}

export function verifyCodeFailure(error: unknown): string {
  if (isApiError(error) && error.code === ('AUTH.CODE_DOES_NOT_MATCH' satisfies AuthErrorCode)) return AccountScreenTexts.incorrectCode;
  return AccountScreenTexts.recoveryFailure;
}

/** A rejected new password (400) says why; anything else, an expired code included, gets the generic text. */
export function updatePasswordFailure(error: unknown): FormProblem {
  if (isApiError(error) && error.status === 400) return { message: error.message, field: error.fieldErrors[0]?.field };
  return { message: AccountScreenTexts.recoveryFailure };
}
