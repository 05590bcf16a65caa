import { PricingErrorCode, type FieldProblem } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';
import { normalizeNdc, type NdcParse } from './ndc';

export class PricingError extends AppError<PricingErrorCode> {
  constructor(code: PricingErrorCode, status: HttpStatus, message: string, fieldErrors?: FieldProblem[]) {
    super(code, status, message, fieldErrors);
  }

  /** A malformed NDC in `field`: 400 naming the field and what is wrong with it. */
  static invalidNdc(field: string, reason: string): PricingError {
    const message = `${field} is not a valid NDC: it ${reason}`;
    return new PricingError(PricingErrorCode.InvalidNdc, HttpStatus.BAD_REQUEST, message, [{ field, message }]);
  }
}

/**
 * An NDC a request gives in `field`, in any printed form, normalised: the 11-digit form, or the three candidates
 * of ten bare digits for the caller to look up. Anything else is a 400 that says so.
 */
export function requireNdc(field: string, value: string): Exclude<NdcParse, { kind: 'invalid' }> {
  const parsed = normalizeNdc(value);
  if (parsed.kind === 'invalid') throw PricingError.invalidNdc(field, parsed.reason);
  return parsed;
}
