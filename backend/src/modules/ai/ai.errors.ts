import { AiErrorCode, AiTexts, type ApiFieldError } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class AiError extends AppError<AiErrorCode> {
  constructor(code: AiErrorCode, status: HttpStatus, message: string, fieldErrors?: ApiFieldError[]) {
    super(code, status, message, fieldErrors);
  }

  /** A field out of its rules: 400 naming the field and the reason (the first problem as the message). */
  static invalid(problems: ApiFieldError[]): AiError {
    return new AiError(AiErrorCode.Validation, HttpStatus.BAD_REQUEST, problems[0]!.message, problems);
  }

  /**
   * Staff-typed text would leave for an external provider, which the operator has not allowed (AI_STAFF_FREE_TEXT):
   * 400 naming the field. Names cannot be scrubbed from free text, so it is refused rather than sent.
   */
  static staffTextNotSent(field: string): AiError {
    const message =
      'Text typed here is not sent to the external AI provider (it could name a person); only codes, an age and a sex ' +
      'read from it are. The operator can allow it with AI_STAFF_FREE_TEXT=allow.';
    return new AiError(AiErrorCode.StaffTextNotSent, HttpStatus.BAD_REQUEST, message, [{ field, message }]);
  }

  /** The provider failed (the failure is in the error log): 502 with the spec's text. */
  static providerFailed(): AiError {
    return new AiError(AiErrorCode.ProviderFailed, HttpStatus.BAD_GATEWAY, AiTexts.failed);
  }
}
