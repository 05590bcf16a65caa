import { AccountMessages, AuthErrorCode, STAFF_ONLY_MESSAGE, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class AuthError extends AppError<AuthErrorCode> {
  constructor(code: AuthErrorCode, status: HttpStatus, message: string, fieldErrors?: { field: string; message: string }[]) {
    super(code, status, message, fieldErrors);
  }

  /** A broken form rule: 400 with the spec's message and the field it belongs to. */
  static rule(problem: FieldProblem): AuthError {
    return new AuthError(AuthErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }

  static userExists(): AuthError {
    return new AuthError(AuthErrorCode.UserExists, HttpStatus.CONFLICT, AccountMessages.userExists, [
      { field: 'email', message: AccountMessages.userExists },
    ]);
  }

  static invalidCredentials(): AuthError {
    return new AuthError(AuthErrorCode.InvalidCredentials, HttpStatus.UNAUTHORIZED, AccountMessages.invalidCredentials);
  }

  static codeDoesNotMatch(): AuthError {
    return new AuthError(AuthErrorCode.CodeDoesNotMatch, HttpStatus.BAD_REQUEST, AccountMessages.codeDoesNotMatch, [
      { field: 'randomString', message: AccountMessages.codeDoesNotMatch },
    ]);
  }

  static resetTokenInvalid(): AuthError {
    return new AuthError(
      AuthErrorCode.ResetTokenInvalid,
      HttpStatus.UNAUTHORIZED,
      'This password reset has expired or was already used. Please request a new code.',
    );
  }

  static wrongCurrentPassword(): AuthError {
    return new AuthError(AuthErrorCode.WrongCurrentPassword, HttpStatus.BAD_REQUEST, AccountMessages.invalidCredentials, [
      { field: 'curPassword', message: AccountMessages.invalidCredentials },
    ]);
  }

  /** A staff API called by a member who is not staff (checked at each request). */
  static staffOnly(): AuthError {
    return new AuthError(AuthErrorCode.StaffOnly, HttpStatus.FORBIDDEN, STAFF_ONLY_MESSAGE);
  }
}
