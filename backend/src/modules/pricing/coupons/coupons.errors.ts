import { PricingErrorCode, PricingTexts, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../../common/errors';

export class CouponsError extends AppError<PricingErrorCode> {
  constructor(code: PricingErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  /** A coupon or savings field out of its rules: 400 with the contract's message and the field it belongs to. */
  static rule(problem: FieldProblem): CouponsError {
    return new CouponsError(PricingErrorCode.Validation, HttpStatus.BAD_REQUEST, problem.message, [problem]);
  }

  /** The coupon service failed a call answered at once (savings): a 502 with the spec's text. */
  static serviceFailed(): CouponsError {
    return new CouponsError(PricingErrorCode.CouponServiceFailed, HttpStatus.BAD_GATEWAY, PricingTexts.savingsFailed);
  }
}
