import type { AuthorizeLinkResponse, CheckTokenResponse, MessageResponse } from '@healthlink/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { ApiAcceptedResponse, ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { CheckTokenRequestDto, FetchRequestDto, InsuranceAddRequestDto, TokenCallbackRequestDto } from './dto/insurers.request.dto';
import { InsurersService } from './insurers.service';

@ApiTags('insurers')
@ApiBearerAuth()
@Controller()
export class InsurersController {
  constructor(private readonly insurers: InsurersService) {}

  @Get('insurerDataFetch/:fetchKey/oauth2/authorize')
  @ApiOkResponse({ description: '{ link }: the insurer authorize URL with state and PKCE S256' })
  authorize(@CurrentUser() user: AuthenticatedUser, @Param('fetchKey') fetchKey: string): Promise<AuthorizeLinkResponse> {
    return this.insurers.authorizeLink(user.userId, fetchKey);
  }

  @Get('insurerDataFetch/:fetchKey/:subset/oauth2/authorize')
  @ApiOkResponse({ description: '{ link }' })
  authorizeSubset(
    @CurrentUser() user: AuthenticatedUser,
    @Param('fetchKey') fetchKey: string,
    @Param('subset') subset: string,
  ): Promise<AuthorizeLinkResponse> {
    return this.insurers.authorizeLink(user.userId, fetchKey, subset);
  }

  @Post('insurerDataFetch/checkToken')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: 'insurer key -> whether a usable link exists' })
  checkToken(@CurrentUser() user: AuthenticatedUser, @Body() body: CheckTokenRequestDto): Promise<CheckTokenResponse> {
    return this.insurers.checkToken(user.userId, body.insurers);
  }

  @Post('insurerDataFetch/:fetchKey/oauth2/tokenCallback')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: '{ pollingEventID }' })
  tokenCallback(@CurrentUser() user: AuthenticatedUser, @Param('fetchKey') fetchKey: string, @Body() body: TokenCallbackRequestDto) {
    return this.insurers.tokenCallback(user.userId, fetchKey, body);
  }

  @Post('insurerDataFetch/:fetchKey/:operation')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({ description: '{ pollingEventID }' })
  fetch(
    @CurrentUser() user: AuthenticatedUser,
    @Param('fetchKey') fetchKey: string,
    @Param('operation') operation: string,
    @Body() _body: FetchRequestDto,
  ) {
    return this.insurers.startFetch(user.userId, fetchKey, operation);
  }

  @Post('brokerForms/insuranceAddRequest')
  @ApiOkResponse({ description: 'Request received' })
  requestInsurer(@CurrentUser() user: AuthenticatedUser, @Body() body: InsuranceAddRequestDto): Promise<MessageResponse> {
    return this.insurers.requestInsurer(user.userId, body);
  }
}
