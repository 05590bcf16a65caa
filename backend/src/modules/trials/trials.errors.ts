import { TrialsErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class TrialsError extends AppError<TrialsErrorCode> {
  constructor(code: TrialsErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  /** A query parameter out of its rules (libs/contracts' parseTrialRadius): 400 naming the field. */
  static rule(problem: FieldProblem): TrialsError {
    return new TrialsError(TrialsErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }
}
