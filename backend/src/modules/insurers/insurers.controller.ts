import type {
  AuthorizeLinkResponse,
  CheckTokenResponse,
  InsurerLinksResponse,
  MessageResponse,
  UnlinkInsurerResponse,
} from '@healthlink/contracts';
import { Body, Controller, Delete, Get, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { CheckTokenRequestDto, FetchRequestDto, InsuranceAddRequestDto, TokenCallbackRequestDto } from './dto/insurers.request.dto';
import { InsurersService } from './insurers.service';

@ApiTags('insurers')
@ApiBearerAuth()
@Controller()
export class InsurersController {
  constructor(private readonly insurers: InsurersService) {}

  @Get('insurerDataFetch/links')
  @ApiOkResponse({ description: "{ links }: the member's linked insurers, their status and when their data was last updated" })
  links(@CurrentUser() user: AuthenticatedUser): Promise<InsurerLinksResponse> {
    return this.insurers.links(user.userId);
  }

  @Delete('insurerDataFetch/links/:insurer')
  @ApiOkResponse({ description: '{ message, revokedAtInsurer }: the grant ended at the insurer where possible, its data deleted' })
  @ApiBadRequestResponse({ description: 'INSURERS.VALIDATION: not an insurer key' })
  @ApiNotFoundResponse({ description: 'INSURERS.LINK_NOT_FOUND: the insurer is not linked' })
  unlink(@CurrentUser() user: AuthenticatedUser, @Param('insurer') insurer: string): Promise<UnlinkInsurerResponse> {
    return this.insurers.unlink(user.userId, insurer);
  }

  @Get('insurerDataFetch/:fetchKey/oauth2/authorize')
  @ApiOkResponse({ description: '{ link }: the insurer authorize URL (SMART standalone launch: aud, state, PKCE S256)' })
  @ApiBadGatewayResponse({ description: "INSURERS.DISCOVERY_FAILED: the insurer's sign-in endpoints could not be discovered" })
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
