import { Module } from '@nestjs/common';
import { AuthModule, InsuranceStatus } from '../auth';
import { HealthDataModule } from '../health-data';
import { PollingModule } from '../polling';
import { InsurerLinksInsuranceStatus } from './insurer-links-insurance-status';
import { InsurerTokensService } from './insurer-tokens.service';
import { InsurersController } from './insurers.controller';
import { InsurersRepository } from './insurers.repository';
import { InsurersService } from './insurers.service';
import { InsurerJobs } from './jobs/insurer.jobs';
import { ReferralsController } from './referrals.controller';
import { ReferralsService } from './referrals.service';
import { TokenCipher } from './token-cipher';

@Module({
  imports: [AuthModule, PollingModule, HealthDataModule],
  controllers: [InsurersController, ReferralsController],
  providers: [
    InsurersService,
    InsurersRepository,
    InsurerTokensService,
    TokenCipher,
    InsurerJobs,
    ReferralsService,
    { provide: InsuranceStatus, useClass: InsurerLinksInsuranceStatus },
  ],
})
export class InsurersModule {}
