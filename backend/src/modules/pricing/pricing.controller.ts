import {
  DASHBOARD_ROWS,
  LIST_PAGE_SIZE,
  MAX_PAGE_SIZE,
  PricingTexts,
  type AddUserDrugResponse,
  type DrugInteractionsResponse,
  type DrugLookupResponse,
  type UserDrugsPage,
} from '@healthlink/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Query, UseInterceptors } from '@nestjs/common';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { Client, type RequestClient } from '../../common/http/client-meta';
import { CurrentUser, Public, type AuthenticatedUser } from '../auth';
import { UserDataReadCacheInterceptor, UserDrugsQueryDto } from '../health-data';
import { DrugsService } from './drugs.service';
import { AddUserDrugRequestDto, DrugLookupRequestDto } from './dto/drug-lookup.request.dto';
import { PricingService } from './pricing.service';

const LOOKUP_INVALID =
  'PRICING.VALIDATION: a field out of the lookup form\'s rules, named in errors[].field, with the form\'s text (e.g. "Please enter a valid price paid"); ' +
  'PRICING.INVALID_NDC: an NDC that is not 10 or 11 digits in a printed form';
const PRICES =
  'Prices per fill: quantity x the cheapest current CMS NADAC per unit among equivalent NDCs + a $10.50 dispensing fee, with the formula, the NADAC date and source';

/** Drug lookup (open to visitors), and the signed-in user's own drugs, prices and interactions. */
@ApiTags('pricing')
@ApiBearerAuth()
@Controller()
export class PricingController {
  constructor(
    private readonly pricing: PricingService,
    private readonly drugs: DrugsService,
  ) {}

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

  @Public()
  @Post('drugLookup')
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description:
      `With ndc: { error: false, message, drug: { drug_name, drug_ndc, drug_rxcui }, pricing: { brand, generic, patientPaid, savings } } (${PRICES}). ` +
      `Without: { error: false, message, matches: [up to 10 of { proprietaryName, drugName, strength, unit, dosageForm, nonProprietaryName, ndc, rxcui }], pricing: null }, ` +
      `by name (misspellings match), the chosen Drug Type and Dosage first. Nothing found: { error: true, message: "${PricingTexts.lookupNone}", pricing: null }. No session needed.`,
  })
  @ApiBadRequestResponse({ description: LOOKUP_INVALID })
  @ApiTooManyRequestsResponse({ description: 'COMMON.TOO_MANY_REQUESTS: more than 60 lookups from one address in 5 minutes' })
  drugLookup(@Body() body: DrugLookupRequestDto, @Client() client: RequestClient): Promise<DrugLookupResponse> {
    return this.drugs.lookup(body, client.ip);
  }

  @Post('userDrugs/add')
  @ApiCreatedResponse({
    description: '{ message: "Drug added", id }: the drug saved to your medication list as your own entry (today, the amount you paid)',
  })
  @ApiBadRequestResponse({ description: `${LOOKUP_INVALID}; rxcui (optional) must be digits` })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  addUserDrug(@CurrentUser() user: AuthenticatedUser, @Body() body: AddUserDrugRequestDto): Promise<AddUserDrugResponse> {
    return this.drugs.add(user.userId, body);
  }

  @Get('userDrugs')
  @UseInterceptors(UserDataReadCacheInterceptor)
  @ApiOkResponse({
    description:
      '{ queryRes: [{ id, drug_name, drug_ndc, date_prescribed, provider, patient_paid, insurer_paid, total_price, insurer, brandDrugBP, genericDrugBP, ' +
      'bestPriceBrandSource, bestPriceGenericSource, brandDrugName, genericDrugName, brandSavings, genericSavings, priceDate, priceFormula }], nextCursor, total, asOf }, ' +
      `newest first unless sort=oldest. ${PRICES}; the quantity is the fill's, else 30 units are assumed (EA). A price is null (N/A) when none is known or its data is invalid; ` +
      `savings are what you paid less the price, null when the price is not lower. Without query parameters: the first page of ${LIST_PAGE_SIZE} rows ` +
      `(the dashboard asks limit=${DASHBOARD_ROWS}; at most ${MAX_PAGE_SIZE}).`,
  })
  @ApiBadRequestResponse({ description: 'HEALTH_DATA.VALIDATION: limit, cursor or sort out of its rules, named in errors[].field' })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  userDrugs(@CurrentUser() user: AuthenticatedUser, @Query() query: UserDrugsQueryDto): Promise<UserDrugsPage> {
    return this.drugs.userDrugs(user.userId, query);
  }
}
