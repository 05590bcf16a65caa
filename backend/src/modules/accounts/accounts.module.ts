import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AuthModule } from '../auth';
import { PollingModule } from '../polling';
import { AccountsController } from './accounts.controller';
import { AccountsService } from './accounts.service';
import { EmailChangeService } from './email-change.service';
import { EmailChangesRepository } from './email-changes.repository';
import { EmailChangeEntity } from './entities/email-change.entity';
import { PatientInfoEntity } from './entities/patient-info.entity';
import { EmailChangeCodeJobHandler } from './jobs/email-change-code.job';
import { EmailChangeNoticeJobHandler } from './jobs/email-change-notice.job';
import { PatientInfoRepository } from './patient-info.repository';

@Module({
  imports: [TypeOrmModule.forFeature([PatientInfoEntity, EmailChangeEntity]), AuthModule, PollingModule],
  controllers: [AccountsController],
  providers: [
    AccountsService,
    PatientInfoRepository,
    EmailChangesRepository,
    EmailChangeService,
    EmailChangeCodeJobHandler,
    EmailChangeNoticeJobHandler,
  ],
  exports: [PatientInfoRepository],
})
export class AccountsModule {}
