import { Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { PollingEventCreatedResponseDto } from './dto/polling-event.response.dto';
import { ProbeService } from './probe.service';

@ApiTags('polling')
@ApiBearerAuth()
@Controller('jobs')
export class JobsController {
  constructor(private readonly probe: ProbeService) {}

  @Post('probe')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ type: PollingEventCreatedResponseDto })
  async startProbe(@CurrentUser() user: AuthenticatedUser): Promise<PollingEventCreatedResponseDto> {
    return { pollingEventID: await this.probe.start(user.userId) };
  }
}
