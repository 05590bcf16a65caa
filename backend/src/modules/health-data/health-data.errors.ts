import { HealthDataErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export const CLAIM_NOT_FOUND_MESSAGE = 'No claim of yours has this serviceID';

export class HealthDataError extends AppError<HealthDataErrorCode> {
  constructor(code: HealthDataErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  /** A query parameter out of its rules (libs/contracts' parse functions): 400 naming the field. */
  static rule(problem: FieldProblem): HealthDataError {
    return new HealthDataError(HealthDataErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }

  /** serviceID names no claim of the member's (another member's claim is answered the same). */
  static claimNotFound(): HealthDataError {
    return new HealthDataError(HealthDataErrorCode.ClaimNotFound, HttpStatus.NOT_FOUND, CLAIM_NOT_FOUND_MESSAGE, [
      { field: 'serviceID', message: CLAIM_NOT_FOUND_MESSAGE },
    ]);
  }
}
