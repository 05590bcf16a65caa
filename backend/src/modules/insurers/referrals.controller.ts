import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { Public } from '../auth';
import { ReferralsService } from './referrals.service';

export class MintReferralRequestDto {
  @IsOptional() @IsString() @MaxLength(100) email?: string;
  @IsOptional() @IsString() @MaxLength(100) firstName?: string;
  @IsOptional() @IsString() @MaxLength(100) lastName?: string;
}

@ApiTags('referrals')
@Controller('externalEnrollment')
export class ReferralsController {
  constructor(private readonly referrals: ReferralsService) {}

  /** For partners, server to server, with their API key. */
  @Public()
  @Post('referralCodes')
  @HttpCode(HttpStatus.CREATED)
  @ApiHeader({ name: 'x-api-key', required: true })
  @ApiCreatedResponse({ description: '{ code, expiresAt }' })
  mint(@Headers('x-api-key') apiKey: string | undefined, @Body() body: MintReferralRequestDto) {
    return this.referrals.mint(this.referrals.partnerFor(apiKey), body);
  }

  @Public()
  @Get('exchangeReferralCodeForToken/:code')
  @ApiOkResponse({ description: '{ token, created } or 400 Referral code invalid, expired, or already used' })
  exchange(@Param('code') code: string, @Client() client: RequestClient) {
    return this.referrals.exchange(code, client);
  }
}
