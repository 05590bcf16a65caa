import { PollingErrorCode } from '@healthlink/contracts';
import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export class PollingError extends AppError<PollingErrorCode> {
  constructor(code: PollingErrorCode, status: HttpStatus, message: string) {
    super(code, status, message);
  }

  static notFound(): PollingError {
    return new PollingError(PollingErrorCode.NotFound, HttpStatus.NOT_FOUND, 'Polling event not found');
  }

  static queueUnavailable(): PollingError {
    return new PollingError(PollingErrorCode.QueueUnavailable, HttpStatus.SERVICE_UNAVAILABLE, 'The job could not be queued; try again');
  }
}
