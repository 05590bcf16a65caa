import { AccountMessages, AccountScreenTexts, AccountsErrorCode, AuthErrorCode } from '@healthlink/contracts';
import { isApiError, isServiceFailure } from '@healthlink/web-runtime';
import type { FormProblem } from '@healthlink/web-ui';

/** Profile save failures (spec part 1 §8). */
export function profileSaveFailure(error: unknown): FormProblem {
  if (!isApiError(error) || isServiceFailure(error)) return { message: AccountScreenTexts.profileSaveFailure };
  if (error.status === 409 || error.code === AccountsErrorCode.UserExists) {
    return { message: AccountScreenTexts.emailTaken, field: 'email' };
  }
  if (error.code === AccountsErrorCode.NoChanges) return { message: AccountScreenTexts.unparseable };
  // A new sign-in e-mail needs the current password: missing or wrong, shown at that field.
  const atPassword = 'currentPassword';
  if (error.code === AccountsErrorCode.WrongCurrentPassword) return { message: AccountScreenTexts.invalidCredentials, field: atPassword };
  if (error.code === AccountsErrorCode.CurrentPasswordRequired) {
    return { message: AccountMessages.currentPasswordForEmail, field: atPassword };
  }
  if (error.code === AccountsErrorCode.EmailCodeDoesNotMatch) return { message: AccountScreenTexts.incorrectCode, field: 'emailCode' };
  const field = error.fieldErrors[0]?.field;
  if (error.status === 400 && field) return { message: error.message, field };
  return { message: AccountScreenTexts.profileSaveFailure };
}

/** Password change failures (spec part 1 §8); a rule the server enforces shows its own message. */
export function passwordChangeFailure(error: unknown): FormProblem {
  if (!isApiError(error) || isServiceFailure(error)) return { message: AccountScreenTexts.profileSaveFailure };
  if (error.code === AuthErrorCode.WrongCurrentPassword) {
    return { message: AccountScreenTexts.invalidCredentials, field: 'curPassword' };
  }
  if (error.code === AccountsErrorCode.NoChanges) return { message: AccountScreenTexts.unparseable };
  if (error.status === 400) return { message: error.message, field: error.fieldErrors[0]?.field };
  return { message: AccountScreenTexts.unparseable };
}
