import { InsurerTexts } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export type InsurersErrorCode =
  | 'INSURERS.UNKNOWN_INSURER'
  | 'INSURERS.UNKNOWN_OPERATION'
  | 'INSURERS.STATE_INVALID'
  | 'INSURERS.NOT_LINKED'
  | 'INSURERS.VALIDATION';

export class InsurersError extends AppError {
  constructor(code: InsurersErrorCode, status: HttpStatus, message: string, fieldErrors?: { field: string; message: string }[]) {
    super(code, status, message, fieldErrors);
  }

  static unknownInsurer(value: string): InsurersError {
    return new InsurersError('INSURERS.UNKNOWN_INSURER', HttpStatus.NOT_FOUND, `${InsurerTexts.unknownInsurer}: ${value.slice(0, 60)}`);
  }

  static unknownOperation(value: string): InsurersError {
    return new InsurersError('INSURERS.UNKNOWN_OPERATION', HttpStatus.NOT_FOUND, `${InsurerTexts.unknownOperation}: ${value.slice(0, 60)}`);
  }

  static stateInvalid(): InsurersError {
    return new InsurersError('INSURERS.STATE_INVALID', HttpStatus.BAD_REQUEST, InsurerTexts.stateInvalid, [{ field: 'state', message: InsurerTexts.stateInvalid }]);
  }

  static notLinked(): InsurersError {
    return new InsurersError('INSURERS.NOT_LINKED', HttpStatus.CONFLICT, InsurerTexts.notLinked);
  }

  static validation(field: string, message: string): InsurersError {
    return new InsurersError('INSURERS.VALIDATION', HttpStatus.BAD_REQUEST, message, [{ field, message }]);
  }
}

/**
 * An insurer answered in a way a retry will not fix (4xx, a malformed bundle, a redirect). `status` is the
 * partner's HTTP status when there was one, `host` the partner's host: both go to the log and the errors row.
 */
export class PartnerPermanentError extends Error {
  override readonly name = 'PartnerPermanentError';
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly host: string | null = null,
  ) {
    super(message);
  }
}

/** An insurer failed in a way a retry may fix (5xx, timeout, network). */
export class PartnerTransientError extends Error {
  override readonly name = 'PartnerTransientError';
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly host: string | null = null,
  ) {
    super(message);
  }
}

export type PartnerError = PartnerPermanentError | PartnerTransientError;
