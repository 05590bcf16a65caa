import { PlansErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class PlansError extends AppError<PlansErrorCode> {
  constructor(code: PlansErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  /** A field out of its rules (libs/contracts' plan rules): 400 naming the field. */
  static rule(problem: FieldProblem): PlansError {
    return new PlansError(PlansErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }

  static planNotFound(): PlansError {
    return new PlansError(PlansErrorCode.PlanNotFound, HttpStatus.NOT_FOUND, 'No 2026 Medicare plan has that contract and plan number.');
  }
}
