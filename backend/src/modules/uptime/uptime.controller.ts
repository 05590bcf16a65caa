import {
  INSURER_UPTIME_CHECK_PATH,
  INSURER_UPTIME_HISTORY_PATH,
  type UptimeHistoryResponse,
  type UptimeResult,
} from '@healthlink/contracts';
import { Controller, Get, Header } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { Public, StaffOnly } from '../auth';
import { UptimeService } from './uptime.service';

const path = (full: string): string => full.replace(/^\/api\//, '');

@ApiTags('uptime')
@Controller()
export class UptimeController {
  constructor(private readonly uptime: UptimeService) {}

  // Public: the spec's page sends no token on this call. Rate-limited per address; one check per 30 s serves all.
  @Public()
  @Get(path(INSURER_UPTIME_CHECK_PATH))
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({
    description:
      '[{ insurer, endpoint, status, responseTime, message }] for every insurer: status PASS, UNTESTABLE (no endpoint configured), ' +
      'FAIL, TIMEOUT or UNREACHABLE; endpoint is the public FHIR base ("(internal host)/path" for a private one).',
  })
  @ApiTooManyRequestsResponse({ description: 'REQUEST.TOO_MANY: too many checks from this address' })
  check(@Client() client: RequestClient): Promise<UptimeResult[]> {
    return this.uptime.check(client.ip);
  }

  @StaffOnly()
  @ApiBearerAuth()
  @Get(path(INSURER_UPTIME_HISTORY_PATH))
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: '{ days: 30, intervalMinutes: 5, insurers: [{ insurer, uptime, samples: one per UTC day }] }' })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  @ApiForbiddenResponse({ description: 'AUTH.STAFF_ONLY: "This page is for staff only." (the account is not staff)' })
  history(): Promise<UptimeHistoryResponse> {
    return this.uptime.history();
  }
}
