import {
  DEFAULT_TRIAL_RADIUS_MILES,
  MAX_TRIAL_RADIUS_MILES,
  MIN_TRIAL_RADIUS_MILES,
  type RetrieveClinicalTrialsQuery,
} from '@healthlink/contracts';
import { ApiPropertyOptional } from '@nestjs/swagger';
import { IsOptional, IsString } from 'class-validator';

// The rule itself is the contract's parseTrialRadius, applied by the service (the same message the web shows).
export class RetrieveClinicalTrialsQueryDto implements RetrieveClinicalTrialsQuery {
  @ApiPropertyOptional({
    description: `miles from your ZIP, a whole number ${MIN_TRIAL_RADIUS_MILES}-${MAX_TRIAL_RADIUS_MILES}; default ${DEFAULT_TRIAL_RADIUS_MILES}`,
    example: DEFAULT_TRIAL_RADIUS_MILES,
  })
  @IsOptional()
  @IsString({ message: '$property must be given once' })
  radius?: string;
}
