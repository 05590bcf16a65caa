import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts';
import { AuthModule } from '../auth';
import { MemberDiagnosesReader } from '../health-data';
import { PollingModule } from '../polling';
import { ClinicalTrialsClient } from './clinical-trials.client';
import { MatchTrialsJob } from './jobs/match-trials.job';
import { TrialsReferenceData } from './reference/trials-reference-data';
import { TrialsController } from './trials.controller';
import { TrialsRepository } from './trials.repository';
import { TrialsService } from './trials.service';

@Module({
  imports: [AccountsModule, AuthModule, PollingModule],
  controllers: [TrialsController],
  providers: [
    TrialsService,
    TrialsRepository,
    ClinicalTrialsClient,
    MatchTrialsJob,
    // health-data's reader of the member's diagnoses (a read-only query; the rows stay health-data's).
    MemberDiagnosesReader,
    { provide: TrialsReferenceData, useFactory: () => new TrialsReferenceData() },
  ],
})
export class TrialsModule {}
