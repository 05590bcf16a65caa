import { AccountScreenTexts, type AuthErrorCode } from '@healthlink/contracts';
import { isApiError, isServiceFailure } from '@healthlink/web-runtime';
import type { FormProblem } from '@healthlink/web-ui';

/** Spec part 1 §8: a toast when the service failed; otherwise the server's message on the error line. */
export function signupFailure(error: unknown): { toast: string } | FormProblem {
  if (isServiceFailure(error) || !isApiError(error)) {
    console.error('There was an issue with your registration', error);
    return { toast: AccountScreenTexts.signupNetworkFailure };
  }
  if (error.status === 409 || error.code === ('AUTH.USER_EXISTS' satisfies AuthErrorCode)) {
    return { message: AccountScreenTexts.emailTaken, field: 'email' };
  }
  return { message: error.message, field: error.fieldErrors[0]?.field };
}
