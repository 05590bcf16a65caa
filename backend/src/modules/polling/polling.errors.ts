import { HttpStatus } from '@nestjs/common';
import { AppError } from '../../common/errors';

export type PollingErrorCode = 'POLLING.NOT_FOUND' | 'POLLING.QUEUE_UNAVAILABLE';

export class PollingError extends AppError {
  constructor(code: PollingErrorCode, status: HttpStatus, message: string) {
    super(code, status, message);
  }

  static notFound(): PollingError {
    return new PollingError('POLLING.NOT_FOUND', HttpStatus.NOT_FOUND, 'Polling event not found');
  }

  static queueUnavailable(): PollingError {
    return new PollingError('POLLING.QUEUE_UNAVAILABLE', HttpStatus.SERVICE_UNAVAILABLE, 'The job could not be queued; try again');
  }
}
