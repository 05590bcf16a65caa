import type { MessageResponse } from '@healthlink/contracts';
import { Body, Controller, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiTags } from '@nestjs/swagger';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { Public } from '../auth';
import { ContactService } from './contact.service';
import { ContactRequestDto } from './dto/contact.request.dto';

@ApiTags('contact')
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @Post('contactUs')
  @ApiCreatedResponse({ description: 'Message received' })
  submit(@Body() body: ContactRequestDto, @Client() client: RequestClient): Promise<MessageResponse> {
    return this.contact.submit(body, client.ip);
  }
}
