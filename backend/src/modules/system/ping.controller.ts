import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public } from '../auth';

@ApiTags('system')
@Controller()
export class PingController {
  @Public()
  @Get('pingServer')
  @ApiOkResponse({ schema: { example: { message: 'pong' } } })
  ping(): { message: string } {
    return { message: 'pong' };
  }
}
