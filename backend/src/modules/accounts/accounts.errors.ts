import { AccountMessages, AuthErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export type AccountsErrorCode =
  | 'ACCOUNTS.VALIDATION'
  | 'ACCOUNTS.NOT_FOUND'
  | typeof AuthErrorCode.NoChanges
  | typeof AuthErrorCode.UserExists
  | typeof AuthErrorCode.CurrentPasswordRequired
  | typeof AuthErrorCode.WrongCurrentPassword;

export class AccountsError extends AppError {
  constructor(code: AccountsErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  static rule(problem: FieldProblem): AccountsError {
    return new AccountsError('ACCOUNTS.VALIDATION', HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }

  static noChanges(): AccountsError {
    return new AccountsError(AuthErrorCode.NoChanges, HttpStatus.BAD_REQUEST, AccountMessages.noChanges);
  }

  static emailTaken(): AccountsError {
    return new AccountsError(AuthErrorCode.UserExists, HttpStatus.CONFLICT, AccountMessages.userExists, [
      { field: 'email', message: AccountMessages.userExists },
    ]);
  }

  /** A new sign-in e-mail without the current password. */
  static currentPasswordRequired(): AccountsError {
    return new AccountsError(AuthErrorCode.CurrentPasswordRequired, HttpStatus.BAD_REQUEST, AccountMessages.currentPasswordForEmail, [
      { field: 'currentPassword', message: AccountMessages.currentPasswordForEmail },
    ]);
  }

  static wrongCurrentPassword(): AccountsError {
    return new AccountsError(AuthErrorCode.WrongCurrentPassword, HttpStatus.BAD_REQUEST, AccountMessages.invalidCredentials, [
      { field: 'currentPassword', message: AccountMessages.invalidCredentials },
    ]);
  }

  static notFound(): AccountsError {
    return new AccountsError('ACCOUNTS.NOT_FOUND', HttpStatus.NOT_FOUND, 'Account not found');
  }
}
