import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { HealthDataController } from './health-data.controller';
import { HealthDataRepository } from './health-data.repository';
import { HealthDataService } from './health-data.service';

@Module({
  imports: [AccountsModule],
  controllers: [HealthDataController],
  providers: [HealthDataService, HealthDataRepository],
  exports: [HealthDataService],
})
export class HealthDataModule {}
