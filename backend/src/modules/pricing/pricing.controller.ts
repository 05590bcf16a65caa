import type { DrugInteractionsResponse } from '@healthlink/contracts';
import { Controller, Get, UseInterceptors } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '../auth';
import { UserDataReadCacheInterceptor } from '../health-data';
import { PricingService } from './pricing.service';

/** The signed-in user's own drugs only. */
@ApiTags('pricing')
@ApiBearerAuth()
@Controller()
export class PricingController {
  constructor(private readonly pricing: PricingService) {}

  @Get('drugInteractions')
  @UseInterceptors(UserDataReadCacheInterceptor)
  @ApiOkResponse({
    description:
      '{ interactions: [{ drug_a, drug_b, level: major | moderate | minor | unknown }], asOf, source, unchecked }: every pair of your ' +
      'drugs (by the ingredients of their NDCs) on the ONC interaction lists, most severe first; empty with fewer than two drugs ' +
      'or none interacting. asOf is the date of the lists; unchecked names the drugs that could not be identified by NDC.',
  })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  drugInteractions(@CurrentUser() user: AuthenticatedUser): Promise<DrugInteractionsResponse> {
    return this.pricing.drugInteractions(user.userId);
  }
}
