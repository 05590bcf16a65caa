import { AccountMessages, AccountsErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class AccountsError extends AppError<AccountsErrorCode> {
  constructor(code: AccountsErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  static rule(problem: FieldProblem): AccountsError {
    return new AccountsError(AccountsErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }

  static noChanges(): AccountsError {
    return new AccountsError(AccountsErrorCode.NoChanges, HttpStatus.BAD_REQUEST, AccountMessages.noChanges);
  }

  static emailTaken(): AccountsError {
    return new AccountsError(AccountsErrorCode.UserExists, HttpStatus.CONFLICT, AccountMessages.userExists, [
      { field: 'email', message: AccountMessages.userExists },
    ]);
  }

  /** A new sign-in e-mail without the current password. */
  static currentPasswordRequired(): AccountsError {
    return new AccountsError(AccountsErrorCode.CurrentPasswordRequired, HttpStatus.BAD_REQUEST, AccountMessages.currentPasswordForEmail, [
      { field: 'currentPassword', message: AccountMessages.currentPasswordForEmail },
    ]);
  }

  static wrongCurrentPassword(): AccountsError {
    return new AccountsError(AccountsErrorCode.WrongCurrentPassword, HttpStatus.BAD_REQUEST, AccountMessages.invalidCredentials, [
      { field: 'currentPassword', message: AccountMessages.invalidCredentials },
    ]);
  }

  /** The code sent to the new e-mail is wrong, spent, expired or for another address. */
  static emailCodeDoesNotMatch(): AccountsError {
    return new AccountsError(AccountsErrorCode.EmailCodeDoesNotMatch, HttpStatus.BAD_REQUEST, AccountMessages.codeDoesNotMatch, [
      { field: 'emailCode', message: AccountMessages.codeDoesNotMatch },
    ]);
  }

  static notFound(): AccountsError {
    return new AccountsError(AccountsErrorCode.NotFound, HttpStatus.NOT_FOUND, 'Account not found');
  }
}
