import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { PollingEventCreatedResponseDto } from './dto/polling-event.response.dto';
import { ProbeJob } from './jobs/probe.job';

@ApiTags('polling')
@ApiBearerAuth()
@Controller('jobs')
export class JobsController {
  constructor(private readonly probe: ProbeJob) {}

  @Post('probe')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: PollingEventCreatedResponseDto })
  async startProbe(@CurrentUser() user: AuthenticatedUser): Promise<PollingEventCreatedResponseDto> {
    return { pollingEventID: await this.probe.start(user.userId) };
  }
}
