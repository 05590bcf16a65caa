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

  /** The provider failed (the failure is in the error log): 502 with the spec's text. */
  static providerFailed(): AiError {
    return new AiError(AiErrorCode.ProviderFailed, HttpStatus.BAD_GATEWAY, AiTexts.failed);
  }
}
