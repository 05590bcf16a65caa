import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule, InsuranceStatus } from '../auth';
import { PollingModule } from '../polling';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { PatientInfoEntity } from './entities/patient-info.entity';
import { PatientInfoInsuranceStatus } from './patient-info-insurance-status';
import { PatientInfoRepository } from './patient-info.repository';

@Module({
  imports: [TypeOrmModule.forFeature([PatientInfoEntity]), AuthModule, PollingModule],
  controllers: [AccountsController],
  providers: [AccountsService, PatientInfoRepository, { provide: InsuranceStatus, useClass: PatientInfoInsuranceStatus }],
  exports: [PatientInfoRepository],
})
export class AccountsModule {}
