import type { LogErrorRequest, LogErrorResponse } from '@healthlink/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { UserDataErasure } from '../../common/erasure';
import { ErrorRecord, ErrorRecorder } from '../../common/errors';
import { addressSubject, RATE_LIMITS, RateLimiter } from '../auth';
import { ErrorLogRepository } from './error-log.repository';

@Injectable()
export class ErrorLogService implements ErrorRecorder, OnModuleInit {
  constructor(
    private readonly repository: ErrorLogRepository,
    private readonly limiter: RateLimiter,
    private readonly erasure: UserDataErasure,
  ) {}

  onModuleInit(): void {
    this.erasure.register('errors', async (subject, manager) => {
      await this.repository.anonymiseUser(subject, manager);
    });
  }

  /**
   * An entry sent by the web, counted per address (the route is open to visitors). The body's userId is ignored:
   * only a verified session says who the user is.
   */
  async logFromClient(request: LogErrorRequest, verifiedUserId: string | null, ip: string | null): Promise<LogErrorResponse> {
    await this.limiter.consume(RATE_LIMITS.errorLogPerAddress, addressSubject(ip));
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
