import {
  DEFAULT_TRIAL_RADIUS_MILES,
  MAX_TRIAL_RADIUS_MILES,
  MIN_TRIAL_RADIUS_MILES,
  type PollingEventCreatedResponse,
} from '@healthlink/contracts';
import { Controller, Get, Query } from '@nestjs/common';
import { ApiBadRequestResponse, ApiBearerAuth, ApiOkResponse, ApiTags, ApiUnauthorizedResponse } from '@nestjs/swagger';
import { CurrentUser, type AuthenticatedUser } from '../auth';
import { RetrieveClinicalTrialsQueryDto } from './dto/retrieve-clinical-trials.query.dto';
import { TrialsService } from './trials.service';

/** The signed-in member's own trials only. Never read-cached: each call starts a search (which may reuse the stored list). */
@ApiTags('clinical-trials')
@ApiBearerAuth()
@Controller('clinicalTrials')
export class TrialsController {
  constructor(private readonly trials: TrialsService) {}

  @Get('retrieveClinicalTrials')
  @ApiOkResponse({
    description:
      `{ pollingEventID }. Polling ends complete with { trials, asOf, radiusMiles, zip, diagnosesSearched, computedAt } ` +
      `(recruiting first), missing with { reason, message } (no diagnoses or no ZIP), or error with the widget's text. ` +
      `radius: whole miles ${MIN_TRIAL_RADIUS_MILES}-${MAX_TRIAL_RADIUS_MILES}, default ${DEFAULT_TRIAL_RADIUS_MILES}.`,
  })
  @ApiBadRequestResponse({ description: 'TRIALS.VALIDATION: radius out of its rules, named in errors[].field' })
  @ApiUnauthorizedResponse({ description: 'AUTH.UNAUTHORIZED: no valid session' })
  retrieve(@CurrentUser() user: AuthenticatedUser, @Query() query: RetrieveClinicalTrialsQueryDto): Promise<PollingEventCreatedResponse> {
    return this.trials.retrieve(user.userId, query);
  }
}
