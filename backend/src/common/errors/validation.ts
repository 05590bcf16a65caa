import type { ApiFieldError } from '@healthlink/contracts';
import { CommonErrorCode } from '@healthlink/contracts';
import { HttpStatus, ValidationError, ValidationPipe } from '@nestjs/common';
import { AppError } from './app-error';

export function flattenValidationErrors(errors: ValidationError[], parent = ''): ApiFieldError[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {}).map((message) => ({ field, message }));
    return [...own, ...flattenValidationErrors(error.children ?? [], field)];
  });
}

/** 400 with every failing field; the message is the first failure's, so a form can show it as is. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    // One reason per field, in decorator order (the bottom decorator is checked first).
    stopAtFirstError: true,
    exceptionFactory: (errors) => {
      const fieldErrors = flattenValidationErrors(errors);
      return new AppError(
        CommonErrorCode.ValidationFailed,
        HttpStatus.BAD_REQUEST,
        fieldErrors[0]?.message ?? 'Invalid request',
        fieldErrors,
      );
    },
  });
}
