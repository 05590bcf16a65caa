import { InsurerLinkMessages, InsurersErrorCode, InsurerTexts, ReferralMessages } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class InsurersError extends AppError<InsurersErrorCode> {
  constructor(code: InsurersErrorCode, status: HttpStatus, message: string, fieldErrors?: { field: string; message: string }[]) {
    super(code, status, message, fieldErrors);
  }

  static unknownInsurer(value: string): InsurersError {
    const message = `${InsurerTexts.unknownInsurer}: ${value.slice(0, 60)}`;
    return new InsurersError(InsurersErrorCode.UnknownInsurer, HttpStatus.NOT_FOUND, message);
  }

  static unknownOperation(value: string): InsurersError {
    const message = `${InsurerTexts.unknownOperation}: ${value.slice(0, 60)}`;
    return new InsurersError(InsurersErrorCode.UnknownOperation, HttpStatus.NOT_FOUND, message);
  }

  static stateInvalid(): InsurersError {
    return new InsurersError(InsurersErrorCode.StateInvalid, HttpStatus.BAD_REQUEST, InsurerTexts.stateInvalid, [
      { field: 'state', message: InsurerTexts.stateInvalid },
    ]);
  }

  static notLinked(): InsurersError {
    return new InsurersError(InsurersErrorCode.NotLinked, HttpStatus.CONFLICT, InsurerTexts.notLinked);
  }

  static linkNotFound(): InsurersError {
    return new InsurersError(InsurersErrorCode.LinkNotFound, HttpStatus.NOT_FOUND, InsurerTexts.linkNotFound);
  }

  /** The insurer's sign-in endpoints could not be discovered: the member tries later, the operator reads the log. */
  static discoveryFailed(insurerName: string): InsurersError {
    return new InsurersError(InsurersErrorCode.DiscoveryFailed, HttpStatus.BAD_GATEWAY, InsurerLinkMessages.signInUnavailable(insurerName));
  }

  static validation(field: string, message: string): InsurersError {
    return new InsurersError(InsurersErrorCode.Validation, HttpStatus.BAD_REQUEST, message, [{ field, message }]);
  }

  static partnerUnauthorized(): InsurersError {
    return new InsurersError(InsurersErrorCode.PartnerUnauthorized, HttpStatus.UNAUTHORIZED, 'A valid partner API key is required');
  }

  static referralInvalid(): InsurersError {
    return new InsurersError(InsurersErrorCode.ReferralInvalid, HttpStatus.BAD_REQUEST, ReferralMessages.invalid);
  }

  // 409, not 401: the web ends a session on a 401, and this visitor may hold one.
  static referralSignInRequired(): InsurersError {
    return new InsurersError(InsurersErrorCode.ReferralSignInRequired, HttpStatus.CONFLICT, ReferralMessages.signInRequired);
  }

  static referralOtherAccount(): InsurersError {
    return new InsurersError(InsurersErrorCode.ReferralOtherAccount, HttpStatus.FORBIDDEN, ReferralMessages.otherAccount);
  }
}

/**
 * An insurer answered in a way a retry will not fix (4xx, a malformed bundle, a redirect). `status` is the
 * partner's HTTP status when there was one, `host` the partner's host: both go to the log and the errors row.
 * `oauthError` is the `error` code an OAuth endpoint answered (RFC 6749 §5.2), when it gave one.
 */
export class PartnerPermanentError extends Error {
  override readonly name = 'PartnerPermanentError';
  constructor(
    message: string,
    readonly status: number | null = null,
    readonly host: string | null = null,
    readonly oauthError: string | null = null,
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
