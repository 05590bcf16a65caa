import { Controller, Get, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { PollingEventResponseDto } from './dto/polling-event.response.dto';
import { PollingService } from './polling.service';

@ApiTags('polling')
@ApiBearerAuth()
@Controller('pollingEvent')
export class PollingController {
  constructor(private readonly polling: PollingService) {}

  @Get(':id')
  @ApiOkResponse({ type: PollingEventResponseDto })
  get(@Param('id') id: string, @CurrentUser() user: AuthenticatedUser): Promise<PollingEventResponseDto> {
    return this.polling.getForOwner(id, user.userId);
  }
}
