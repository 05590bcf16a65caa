import { Global, Module } from '@nestjs/common';
import { InsuranceStatus, InsurerGrants } from '../../common/ports';
import { AuthModule } from '../auth';
import { HealthDataModule } from '../health-data';
import { PollingModule } from '../polling';
import { InsurerFetchService } from './insurer-fetch.service';
import { InsurerGrantsService } from './insurer-grants.service';
import { InsurerLinksInsuranceStatus } from './insurer-links-insurance-status';
import { InsurerTokensService } from './insurer-tokens.service';
import { InsurersController } from './insurers.controller';
import { InsurersRepository } from './insurers.repository';
import { InsurersService } from './insurers.service';
import { FetchOperationJob } from './jobs/fetch-operation.job';
import { TokenExchangeJob } from './jobs/token-exchange.job';
import { ReferralCodesErasure } from './referral-codes-erasure';
import { ReferralsController } from './referrals.controller';
import { ReferralsRepository } from './referrals.repository';
import { ReferralsService } from './referrals.service';
import { TokenCipher } from './token-cipher';

/**
 * Global only for its ports: InsurerGrants, so accounts can end a user's insurer grants on deletion without
 * importing insurers (which depends on accounts through health-data), and InsuranceStatus for login. It exports nothing else.
 */
@Global()
@Module({
  imports: [AuthModule, PollingModule, HealthDataModule],
  controllers: [InsurersController, ReferralsController],
  providers: [
    InsurersService,
    InsurersRepository,
    InsurerTokensService,
    TokenCipher,
    InsurerFetchService,
    TokenExchangeJob,
    FetchOperationJob,
    ReferralsService,
    ReferralsRepository,
    ReferralCodesErasure,
    { provide: InsuranceStatus, useClass: InsurerLinksInsuranceStatus },
    { provide: InsurerGrants, useClass: InsurerGrantsService },
  ],
  exports: [InsurerGrants, InsuranceStatus],
})
export class InsurersModule {}
