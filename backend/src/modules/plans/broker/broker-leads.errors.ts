import { PlansErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../../common/errors';

export class BrokerLeadsError extends AppError<PlansErrorCode> {
  constructor(code: PlansErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  /** A lead field out of its rules: 400 with the contract's message and the field it belongs to. */
  static rule(problem: FieldProblem): BrokerLeadsError {
    return new BrokerLeadsError(PlansErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }

  /** A well-formed bidId that names no 2026 plan. */
  static planNotFound(): BrokerLeadsError {
    return new BrokerLeadsError(PlansErrorCode.PlanNotFound, HttpStatus.NOT_FOUND, 'No 2026 plan has this bidId', [
      { field: 'bidId', message: 'No 2026 plan has this bidId' },
    ]);
  }
}
