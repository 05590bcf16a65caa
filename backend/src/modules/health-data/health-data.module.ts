import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { ClaimReprojectionOnBoot } from './claim-reprojection';
import { HealthDataController } from './health-data.controller';
import { HealthDataRepository } from './health-data.repository';
import { HealthDataService } from './health-data.service';
import { UserDataCacheModule } from './user-data-cache.module';

@Module({
  imports: [AccountsModule, UserDataCacheModule],
  controllers: [HealthDataController],
  providers: [HealthDataService, HealthDataRepository, ClaimReprojectionOnBoot],
  exports: [HealthDataService],
})
export class HealthDataModule {}
