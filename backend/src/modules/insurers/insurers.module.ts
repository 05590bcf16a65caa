import { Global, Module } from '@nestjs/common';
import { InsuranceStatus, InsurerGrants } from '../../common/ports';
import { AuthModule } from '../auth';
import { HealthDataModule } from '../health-data';
import { PollingModule } from '../polling';
import { sharedSmartDiscovery, SmartDiscovery } from './adapters/smart-discovery';
import { Clock } from './clock';
import { InsurerFetchService } from './insurer-fetch.service';
import { InsurerGrantsService } from './insurer-grants.service';
import { InsurerLinksInsuranceStatus } from './insurer-links-insurance-status';
import { InsurerResyncService } from './insurer-resync.service';
import { InsurerTokensService } from './insurer-tokens.service';
import { InsurersController } from './insurers.controller';
import { InsurersRepository } from './insurers.repository';
import { InsurersService } from './insurers.service';
import { FetchOperationJob } from './jobs/fetch-operation.job';
import { RelinkNoticeJob } from './jobs/relink-notice.job';
import { ResyncLinkJob } from './jobs/resync-link.job';
import { ResyncLinksJob } from './jobs/resync-links.job';
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
    Clock,
    InsurerResyncService,
    ResyncLinksJob,
    ResyncLinkJob,
    RelinkNoticeJob,
    ReferralsService,
    ReferralsRepository,
    ReferralCodesErasure,
    { provide: InsuranceStatus, useClass: InsurerLinksInsuranceStatus },
    InsurerGrantsService,
    { provide: InsurerGrants, useExisting: InsurerGrantsService },
    // The OAuth client's own cache: the link, the code exchange, refreshes and revocation share what was discovered.
    { provide: SmartDiscovery, useValue: sharedSmartDiscovery },
  ],
  exports: [InsurerGrants, InsuranceStatus],
})
export class InsurersModule {}
