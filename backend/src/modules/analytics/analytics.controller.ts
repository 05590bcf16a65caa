import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiNoContentResponse, ApiTags } from '@nestjs/swagger';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { Public } from '../auth';
import { AnalyticsService } from './analytics.service';
import { AnalyticsEventRequestDto } from './dto/analytics-event.request.dto';

@ApiTags('analytics')
@Controller('analytics')
export class AnalyticsController {
  constructor(private readonly analytics: AnalyticsService) {}

  /** Public and anonymous: the web sends it only when the consent cookie is not rejectAll. */
  @Public()
  @Post('events')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse()
  record(@Body() body: AnalyticsEventRequestDto, @Client() client: RequestClient): Promise<void> {
    return this.analytics.record(body, client.ip);
  }
}
