import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiServiceUnavailableResponse,
  ApiTags,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, StaffOnly, type AuthenticatedUser } from '../../auth';
import { RunQueryRequestDto } from './dto/run-query.request.dto';
import { RunQueryResponseDto } from './dto/run-query.response.dto';
import { QueryToolService } from './query-tool.service';

@ApiTags('debug')
@ApiBearerAuth()
@Controller('errors')
export class ErrorsQueryController {
  constructor(private readonly queryTool: QueryToolService) {}

  @Post('query')
  @StaffOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ type: RunQueryResponseDto })
  @ApiBadRequestResponse({
    description: 'REQUEST.BAD_REQUEST: refused by the parser, stopped (5 s) or failed in the database; the reason as `message`',
  })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  @ApiForbiddenResponse({ description: 'AUTH.STAFF_ONLY: the account is not staff' })
  @ApiServiceUnavailableResponse({ description: 'SERVICE.UNAVAILABLE: the read-only role is not set up, or no connection is free' })
  query(@Body() body: RunQueryRequestDto, @CurrentUser() user: AuthenticatedUser): Promise<RunQueryResponseDto> {
    return this.queryTool.run(body.query, user.userId);
  }
}
