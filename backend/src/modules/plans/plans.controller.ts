import {
  PLAN_RANKS_PATHS,
  type GenerateLeadResponse,
  type PlanAlertsSettings,
  type PlanBenefitsResponse,
  type PlanContactResponse,
  type PlanEstimate,
  type PollingEventCreatedResponse,
} from '@healthlink/contracts';
import { Body, Controller, Get, HttpCode, HttpStatus, Post, Put, Query } from '@nestjs/common';
import {
  ApiAcceptedResponse,
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiNotFoundResponse,
  ApiOkResponse,
  ApiTags,
  ApiTooManyRequestsResponse,
  ApiUnauthorizedResponse,
} from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '../auth';
import { BrokerLeadsService } from './broker/broker-leads.service';
import {
  DrugFormularySearchRequestDto,
  GenerateLeadRequestDto,
  PlanAlertsRequestDto,
  PlanBenefitsRequestDto,
  PlanContactRequestDto,
  ProviderSearchRequestDto,
} from './dto/plans.request.dto';
import { PlanSearchesService } from './plan-searches.service';
import { PlansService } from './plans.service';

const path = (full: string): string => full.replace(/^\/api\//, '');

/** Medicare plans: the signed-in member's own ranking, contact and alerts; plan benefits and searches; broker leads. */
@ApiTags('plans')
@ApiBearerAuth()
@ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
@Controller()
export class PlansController {
  constructor(
    private readonly plans: PlansService,
    private readonly searches: PlanSearchesService,
    private readonly leads: BrokerLeadsService,
  ) {}

  @Get(path(PLAN_RANKS_PATHS.getAllPlanRanks))
  @ApiOkResponse({
    description:
      '{ pollingEventID }. Polling ends complete with { result: [{ Key, Value: { rows } }], place, currentPlan, inputs, ' +
      'dataAsOf, priceAsOf, computedAt, excluded } (cheapest first), missing with { reason, message } (no ZIP, a ZIP ' +
      'in no county, no plans), or failed with { message }.',
  })
  @ApiTooManyRequestsResponse({ description: 'COMMON.RATE_LIMITED' })
  getAllPlanRanks(@CurrentUser() user: AuthenticatedUser): Promise<PollingEventCreatedResponse> {
    return this.plans.getAllPlanRanks(user.userId);
  }

  @Get(path(PLAN_RANKS_PATHS.estimate))
  @ApiOkResponse({ description: "One plan's arithmetic from the member's latest ranking (PlanEstimate)" })
  @ApiBadRequestResponse({ description: 'PLANS.VALIDATION: bidId is not a plan id' })
  @ApiNotFoundResponse({ description: 'PLANS.ESTIMATE_NOT_FOUND: the latest ranking has no such plan' })
  estimate(@CurrentUser() user: AuthenticatedUser, @Query('bidId') bidId: unknown): Promise<PlanEstimate> {
    return this.plans.estimate(user.userId, bidId);
  }

  @Post(path(PLAN_RANKS_PATHS.createContact))
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: '{ message }: stored; the next ranking uses this address' })
  @ApiBadRequestResponse({ description: 'PLANS.VALIDATION: the field and reason in errors[]' })
  createContact(@CurrentUser() user: AuthenticatedUser, @Body() body: PlanContactRequestDto): Promise<PlanContactResponse> {
    return this.plans.createContact(user.userId, body);
  }

  @Post(path(PLAN_RANKS_PATHS.reTriggerPlanRanks))
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: '{ message }: the stored ranking is dropped; the next getAllPlanRanks ranks afresh' })
  reTriggerPlanRanks(@CurrentUser() user: AuthenticatedUser): Promise<{ message: string }> {
    return this.plans.reTriggerPlanRanks(user.userId);
  }

  @Get(path(PLAN_RANKS_PATHS.alerts))
  @ApiOkResponse({ description: '{ optedIn }: the enrollment-season e-mail' })
  alerts(@CurrentUser() user: AuthenticatedUser): Promise<PlanAlertsSettings> {
    return this.plans.alerts(user.userId);
  }

  @Put(path(PLAN_RANKS_PATHS.alerts))
  @ApiOkResponse({ description: '{ optedIn }' })
  @ApiBadRequestResponse({ description: 'PLANS.VALIDATION: optedIn is not a boolean' })
  setAlerts(@CurrentUser() user: AuthenticatedUser, @Body() body: PlanAlertsRequestDto): Promise<PlanAlertsSettings> {
    return this.plans.setAlerts(user.userId, body);
  }

  @Post(path(PLAN_RANKS_PATHS.planBenefits))
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({
    description: '{ enhancedBenefits: { pbp_b14c_bendesc_ehc }, rideshareBenefits: { pbp_b10b_bendesc_mt_pal_d }, sections, dataAsOf }',
  })
  @ApiBadRequestResponse({ description: 'PLANS.VALIDATION: hNumber or planIdentifier malformed' })
  @ApiNotFoundResponse({ description: 'PLANS.PLAN_NOT_FOUND' })
  planBenefits(@Body() body: PlanBenefitsRequestDto): Promise<PlanBenefitsResponse> {
    return this.plans.planBenefits(body.hNumber, body.planIdentifier);
  }

  @Post(path(PLAN_RANKS_PATHS.providerSearch))
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    description: '{ pollingEventID }; polling gives { status, response: { tableHeaders, tableData, note, dataAsOf } }',
  })
  @ApiBadRequestResponse({ description: 'PLANS.VALIDATION' })
  providerSearch(@CurrentUser() user: AuthenticatedUser, @Body() body: ProviderSearchRequestDto): Promise<PollingEventCreatedResponse> {
    return this.searches.providerSearch(user.userId, body);
  }

  @Post(path(PLAN_RANKS_PATHS.drugFormularySearch))
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiAcceptedResponse({
    description: '{ pollingEventID }; polling gives { status, response: { tableHeaders, tableData, note, dataAsOf } }',
  })
  @ApiBadRequestResponse({ description: 'PLANS.VALIDATION' })
  drugFormularySearch(
    @CurrentUser() user: AuthenticatedUser,
    @Body() body: DrugFormularySearchRequestDto,
  ): Promise<PollingEventCreatedResponse> {
    return this.searches.drugFormularySearch(user.userId, body);
  }

  @Post(path(PLAN_RANKS_PATHS.generateLead))
  @HttpCode(HttpStatus.OK)
  @ApiOkResponse({ description: '{ message: "A broker will reach out to you shortly!" }: stored and queued for the broker' })
  @ApiBadRequestResponse({ description: 'PLANS.VALIDATION: phoneNumber' })
  @ApiTooManyRequestsResponse({ description: 'COMMON.RATE_LIMITED' })
  generateLead(@CurrentUser() user: AuthenticatedUser, @Body() body: GenerateLeadRequestDto): Promise<GenerateLeadResponse> {
    return this.leads.generateLead(user.userId, body);
  }
}
