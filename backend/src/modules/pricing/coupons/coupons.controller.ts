import { COUPON_SERVICE_PATH, type CheckSavingsResponse, type PollingEventCreatedResponse } from '@healthlink/contracts';
import { Body, Controller, HttpCode, HttpStatus, Post } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadGatewayResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiForbiddenResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Client, type RequestClient } from '../../../common/http/client-meta';
import { CurrentUser, OptionalAuth, OptionalUser, StaffOnly, type AuthenticatedUser } from '../../auth';
import { CouponsService } from './coupons.service';
import { BestPriceRequestDto, CheckSavingsRequestDto, EnrollmentRequestDto } from './dto/coupons.request.dto';

const VALIDATION = "PRICING.VALIDATION: the field and the reason in `errors` (the spec's message as `message`)";

@ApiTags('coupons')
@ApiBearerAuth()
@Controller()
export class CouponsController {
  constructor(private readonly coupons: CouponsService) {}

  @Post('rxLink/getBestPrice')
  @OptionalAuth()
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    description:
      '{ pollingEventID }. Polled: complete with { medications, priceData, asOf, retailAsOf } (brand and generic rows, "$12.34" or ' +
      '"N/A"); missing with "Drug not found"; failed with { message }. Open to visitors (their event is readable by its id ' +
      "alone: public prices only); with a session the event is the member's own.",
  })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: a bearer token came and is not valid' })
  @ApiTooManyRequestsResponse({ description: 'Too many searches from this address' })
  bestPrice(
    @Body() body: BestPriceRequestDto,
    @OptionalUser() user: AuthenticatedUser | null,
    @Client() client: RequestClient,
  ): Promise<PollingEventCreatedResponse> {
    return this.coupons.startBestPrice(body, user?.userId ?? null, client.ip);
  }

  @Post('rxLink/getEnrollment')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    description:
      '{ pollingEventID }. Polled: complete with { link } (the redemption page, to open in a new tab); duplicate, incomplete or ' +
      'failed with { message }.',
  })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  @ApiTooManyRequestsResponse({ description: 'Too many enrollments' })
  enrollment(@Body() body: EnrollmentRequestDto, @CurrentUser() user: AuthenticatedUser): Promise<PollingEventCreatedResponse> {
    return this.coupons.startEnrollment(body, user.userId);
  }

  @Post(`${COUPON_SERVICE_PATH}/checkSavings`)
  // The spec's savings lookup is a debug page: staff only (issue 19), the role read at each request.
  @StaffOnly()
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description:
      '{ results: [{ ndc, fdaNdc, drugName, retailPrice, bestPrice, savings, pharmacy }], rawResponse: { timestamp }, message, asOf }, answered at once. ' +
      'Ten bare digits stand for the 11-digit NDC the coupon service knows.',
  })
  @ApiBadRequestResponse({ description: VALIDATION })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  @ApiForbiddenResponse({ description: 'AUTH.STAFF_ONLY: "This page is for staff only." (the account is not staff)' })
  @ApiBadGatewayResponse({ description: 'PRICING.COUPON_SERVICE_FAILED: the coupon service failed' })
  checkSavings(@Body() body: CheckSavingsRequestDto, @CurrentUser() user: AuthenticatedUser): Promise<CheckSavingsResponse> {
    return this.coupons.checkSavings(body, user.userId);
  }
}
