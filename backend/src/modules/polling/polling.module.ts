import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PollingEventEntity } from './entities/polling-event.entity';
import { JobsController } from './jobs.controller';
import { ProbeJob } from './jobs/probe.job';
import { PollingController } from './polling.controller';
import { PollingRepository } from './polling.repository';
import { PollingService } from './polling.service';

@Module({
  imports: [TypeOrmModule.forFeature([PollingEventEntity])],
  controllers: [PollingController, JobsController],
  providers: [PollingRepository, PollingService, ProbeJob],
  exports: [PollingService],
})
export class PollingModule {}
