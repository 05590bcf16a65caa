import type { AttachReferralRequest, AttachReferralResponse, ReferralTokenResponse } from '@healthlink/contracts';
import { Body, Controller, Get, Headers, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiConflictResponse, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { CurrentUser, Public, type AuthenticatedUser } from '../auth';
import { ReferralsService } from './referrals.service';

export class MintReferralRequestDto {
  @IsOptional() @IsString() @MaxLength(100) email?: string;
  @IsOptional() @IsString() @MaxLength(100) firstName?: string;
  @IsOptional() @IsString() @MaxLength(100) lastName?: string;
}

export class AttachReferralRequestDto implements AttachReferralRequest {
  @IsString() @IsNotEmpty() @MaxLength(200) code!: string;
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
  @ApiOkResponse({ description: '{ token, created: true } for a new account; 400 Referral code invalid, expired, or already used' })
  @ApiConflictResponse({ description: 'INSURERS.REFERRAL_SIGN_IN_REQUIRED: the e-mail has an account; no session, the person signs in' })
  exchange(@Param('code') code: string, @Client() client: RequestClient): Promise<ReferralTokenResponse> {
    return this.referrals.exchange(code, client);
  }

  /** After signing in: attaches a referral made for the signed-in account's e-mail. */
  @Post('attachReferral')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @ApiOkResponse({ description: '{ message, partner }; 400 invalid code; 403 a referral for another e-mail' })
  attach(@CurrentUser() user: AuthenticatedUser, @Body() body: AttachReferralRequestDto): Promise<AttachReferralResponse> {
    return this.referrals.attach(user, body.code);
  }
}
