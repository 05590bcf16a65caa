import { Controller, Get } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { AuthenticatedUser, CurrentUser } from '../auth';
import { HealthDataService } from './health-data.service';

/** The signed-in user's own data only: every query is by the session's user. */
@ApiTags('health-data')
@ApiBearerAuth()
@Controller()
export class HealthDataController {
  constructor(private readonly healthData: HealthDataService) {}

  @Get('explanationOfBenefits')
  @ApiOkResponse({
    description: '{ EOB: [{ id, date, type, status, outcome, payment_amount, rendering_provider, diagnoses, procedures }] }',
  })
  explanationOfBenefits(@CurrentUser() user: AuthenticatedUser) {
    return this.healthData.explanationOfBenefits(user.userId);
  }

  @Get('userDrugs')
  @ApiOkResponse({
    description: '{ queryRes: [{ drug_name, drug_ndc, date_prescribed, provider, patient_paid, insurer_paid, total_price }] }',
  })
  userDrugs(@CurrentUser() user: AuthenticatedUser) {
    return this.healthData.userDrugs(user.userId);
  }

  @Get('currentPlan/getUsersCurrentPlan')
  @ApiOkResponse({ description: '{ userCurrentPlan: [{ marketing_name, plan_year, plan_name }] }' })
  currentPlan(@CurrentUser() user: AuthenticatedUser) {
    return this.healthData.currentPlan(user.userId);
  }
}
