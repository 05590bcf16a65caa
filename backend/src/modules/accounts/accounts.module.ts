import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { PollingModule } from '../polling';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { EmailChangeNotice } from './email-change-notice';
import { PatientInfoEntity } from './entities/patient-info.entity';
import { PatientInfoRepository } from './patient-info.repository';

@Module({
  imports: [TypeOrmModule.forFeature([PatientInfoEntity]), AuthModule, PollingModule],
  controllers: [AccountsController],
  providers: [AccountsService, PatientInfoRepository, EmailChangeNotice],
  exports: [PatientInfoRepository],
})
export class AccountsModule {}
