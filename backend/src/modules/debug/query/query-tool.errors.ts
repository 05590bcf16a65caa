import { CommonErrorCode } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError, SERVICE_UNAVAILABLE_RETRY_SECONDS } from '../../../common/errors';

/**
 * The query tool's answers other than rows. The debug module has no codes of its own (libs/contracts errors.ts): a
 * refused or failed query is a 400 REQUEST.BAD_REQUEST with the reason as `message` (RunQueryFailure) and on the
 * `query` field; a tool that cannot run queries now is a 503 SERVICE.UNAVAILABLE.
 */
export class QueryToolError extends AppError<CommonErrorCode> {
  static rejected(reason: string): QueryToolError {
    return new QueryToolError(CommonErrorCode.BadRequest, HttpStatus.BAD_REQUEST, reason, [{ field: 'query', message: reason }]);
  }

  static unavailable(reason: string): QueryToolError {
    const error = new QueryToolError(CommonErrorCode.ServiceUnavailable, HttpStatus.SERVICE_UNAVAILABLE, reason);
    error.retryAfterSeconds = SERVICE_UNAVAILABLE_RETRY_SECONDS;
    return error;
  }
}
