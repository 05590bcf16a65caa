import { CommonErrorCode } from '@healthlink/contracts';
import { Controller, Get, HttpStatus, Res, ServiceUnavailableException } from '@nestjs/common';
import { ApiOkResponse, ApiServiceUnavailableResponse, ApiTags } from '@nestjs/swagger';
import { HealthCheck, HealthCheckResult, HealthCheckService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { SERVICE_UNAVAILABLE_MESSAGE, SERVICE_UNAVAILABLE_RETRY_SECONDS } from '../../common/errors';
import { Public } from '../auth';

/** The 503 answer: which dependencies are down, by name only (never their error text). */
export interface HealthDownBody {
  status: 'error';
  down: string[];
  code: string;
  message: string;
}

@ApiTags('system')
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
  ) {}

  @Public()
  @Get()
  @HealthCheck()
  @ApiOkResponse({ schema: { example: { status: 'ok', info: { database: { status: 'up' } } } } })
  @ApiServiceUnavailableResponse({ schema: { example: { status: 'error', down: ['database'], code: CommonErrorCode.ServiceUnavailable } } })
  async check(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthCheckResult | HealthDownBody> {
    try {
      return await this.health.check([() => this.database.pingCheck('database', { timeout: 2000 })]);
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      const result = error.getResponse() as Partial<HealthCheckResult>;
      const down = Object.keys(result.error ?? {});
      void reply.status(HttpStatus.SERVICE_UNAVAILABLE).header('retry-after', String(SERVICE_UNAVAILABLE_RETRY_SECONDS));
      return { status: 'error', down, code: CommonErrorCode.ServiceUnavailable, message: SERVICE_UNAVAILABLE_MESSAGE };
    }
  }
}
