import {
  DASHBOARD_ROWS,
  LIST_PAGE_SIZE,
  MAX_PAGE_SIZE,
  type CurrentPlanWithCostResponse,
  type ExplanationOfBenefitsPage,
  type SpendingResponse,
} from '@healthlink/contracts';
import { Controller, Get, Query, UseInterceptors } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiNotFoundResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { ExplanationOfBenefitsQueryDto, SpendingQueryDto } from './dto/health-data.query.dto';
import { HealthDataService } from './health-data.service';
import { UserDataReadCacheInterceptor } from './user-data-read-cache.interceptor';

const PAGED = `Without query parameters: the first page of ${LIST_PAGE_SIZE} rows (the dashboard asks limit=${DASHBOARD_ROWS}; at most ${MAX_PAGE_SIZE}). nextCursor is null on the last page; total counts every matching row; asOf is when the newest of them was stored.`;
const BAD_QUERY = 'HEALTH_DATA.VALIDATION: a parameter out of its rules (limit, cursor, search, sort, by), named in errors[].field';

/**
 * The signed-in user's own data only: every query is by the session's user; repeated reads come from the read cache.
 * GET /api/userDrugs is pricing's (it prices the rows HealthDataService.userDrugs pages).
 */
@ApiTags('health-data')
@ApiBearerAuth()
@Controller()
@UseInterceptors(UserDataReadCacheInterceptor)
export class HealthDataController {
  constructor(private readonly healthData: HealthDataService) {}

  @Get('explanationOfBenefits')
  @ApiOkResponse({
    description: `{ EOB: [{ id, date, type, status, outcome, payment_amount, rendering_provider, insurer, diagnoses, procedures }], nextCursor, total, asOf }, newest first. ${PAGED}`,
  })
  @ApiBadRequestResponse({ description: BAD_QUERY })
  @ApiNotFoundResponse({ description: 'HEALTH_DATA.CLAIM_NOT_FOUND: serviceID names no claim of yours that the search matches' })
  explanationOfBenefits(
    @CurrentUser() user: AuthenticatedUser,
    @Query() query: ExplanationOfBenefitsQueryDto,
  ): Promise<ExplanationOfBenefitsPage> {
    return this.healthData.explanationOfBenefits(user.userId, query);
  }

  @Get('currentPlan/getUsersCurrentPlan')
  @ApiOkResponse({
    description:
      '{ userCurrentPlan: [{ marketing_name, plan_year, plan_name }], currentPlanCost: { medical, rx, total, from, to } | null }',
  })
  currentPlan(@CurrentUser() user: AuthenticatedUser): Promise<CurrentPlanWithCostResponse> {
    return this.healthData.currentPlan(user.userId);
  }

  @Get('spending')
  @ApiOkResponse({
    description:
      '{ by, periods: [{ period, patient_paid, deductible, copay, coinsurance, insurer_paid }], asOf }, oldest first; by=month (default) or year',
  })
  @ApiBadRequestResponse({ description: BAD_QUERY })
  spending(@CurrentUser() user: AuthenticatedUser, @Query() query: SpendingQueryDto): Promise<SpendingResponse> {
    return this.healthData.spending(user.userId, query);
  }
}
