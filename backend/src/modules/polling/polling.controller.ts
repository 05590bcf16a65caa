import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { AuthenticatedUser, OptionalAuth, OptionalUser } from '../auth';
import { PollingEventResponseDto } from './dto/polling-event.response.dto';
import { PollingService } from './polling.service';

@ApiTags('polling')
@ApiBearerAuth()
@Controller('pollingEvent')
export class PollingController {
  constructor(private readonly polling: PollingService) {}

  // A visitor polls the coupon search it started (an event with no owner); everything else needs its owner's session.
  @Get(':id')
  @OptionalAuth()
  @ApiOkResponse({ type: PollingEventResponseDto })
  @ApiUnauthorizedResponse({ description: "AUTH.UNAUTHORIZED: a bad token, or no token for an event that is not a visitor's" })
  get(@Param('id') id: string, @OptionalUser() user: AuthenticatedUser | null): Promise<PollingEventResponseDto> {
    return this.polling.getForViewer(id, user?.userId ?? null);
  }
}
