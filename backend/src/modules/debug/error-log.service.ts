import type { LogErrorRequest, LogErrorResponse } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ErrorRecord, ErrorRecorder } from '../../common/errors';
import { ErrorLogRepository } from './error-log.repository';

@Injectable()
export class ErrorLogService implements ErrorRecorder {
  constructor(private readonly repository: ErrorLogRepository) {}

  /** An entry sent by the web. The body's userId is ignored: only a verified token says who the user is. */
  async logFromClient(request: LogErrorRequest, verifiedUserId: string | null): Promise<LogErrorResponse> {
    const id = await this.record({ ...request, userId: verifiedUserId });
    return { id };
  }

  record(entry: ErrorRecord): Promise<string> {
    return this.repository.insert({
      userId: entry.userId ?? null,
      insurerName: entry.insurerName ?? null,
      host: entry.host ?? null,
      errorType: entry.errorType,
      errorDetails: entry.errorDetails ?? null,
    });
  }
}
