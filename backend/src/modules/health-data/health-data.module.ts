import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ClaimReprojectionOnBoot } from './claim-reprojection';
import { HealthDataController } from './health-data.controller';
import { HealthDataRepository } from './health-data.repository';
import { HealthDataService } from './health-data.service';
import { ManualPrescriptionsService } from './manual-prescriptions.service';
import { MedicationListRepository } from './medication-list.repository';
import { MedicationListService } from './medication-list.service';
import { UserDataCacheModule } from './user-data-cache.module';

@Module({
  imports: [AccountsModule, UserDataCacheModule],
  controllers: [HealthDataController],
  providers: [
    HealthDataService,
    HealthDataRepository,
    ClaimReprojectionOnBoot,
    MedicationListRepository,
    MedicationListService,
    ManualPrescriptionsService,
  ],
  exports: [HealthDataService, MedicationListService, ManualPrescriptionsService],
})
export class HealthDataModule {}
