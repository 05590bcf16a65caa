import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiTags, ApiTooManyRequestsResponse } from '@nestjs/swagger';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { AuthenticatedUser, OptionalUser, Public } from '../auth';
import { LogErrorRequestDto } from './dto/log-error.request.dto';
import { LogErrorResponseDto } from './dto/log-error.response.dto';
import { ErrorLogService } from './error-log.service';

@ApiTags('debug')
@Controller('errors')
export class ErrorsLogController {
  constructor(private readonly errorLog: ErrorLogService) {}

  // Public: the web reports errors for visitors too (rate-limited per address).
  @Public()
  @ApiBearerAuth()
  @Post('log')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: LogErrorResponseDto })
  @ApiTooManyRequestsResponse({ description: 'Too many entries from this address' })
  log(
    @Body() body: LogErrorRequestDto,
    @OptionalUser() user: AuthenticatedUser | null,
    @Client() client: RequestClient,
  ): Promise<LogErrorResponseDto> {
    return this.errorLog.logFromClient(body, user?.userId ?? null, client.ip);
  }
}
