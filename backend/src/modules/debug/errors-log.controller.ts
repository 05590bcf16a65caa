import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, OptionalUser, Public } from '../auth';
import { LogErrorRequestDto } from './dto/log-error.request.dto';
import { LogErrorResponseDto } from './dto/log-error.response.dto';
import { ErrorLogService } from './error-log.service';

@ApiTags('debug')
@Controller('errors')
export class ErrorsLogController {
  constructor(private readonly errorLog: ErrorLogService) {}

  // Public: the web reports errors for visitors too.
  @Public()
  @ApiBearerAuth()
  @Post('log')
  @HttpCode(HttpStatus.CREATED)
  @ApiCreatedResponse({ type: LogErrorResponseDto })
  log(@Body() body: LogErrorRequestDto, @OptionalUser() user: AuthenticatedUser | null): Promise<LogErrorResponseDto> {
    return this.errorLog.logFromClient(body, user?.userId ?? null);
  }
}
