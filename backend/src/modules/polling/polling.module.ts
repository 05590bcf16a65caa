import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { PollingEventEntity } from './entities/polling-event.entity';
import { PruneVisitorEventsJob } from './jobs/prune-visitor-events.job';
import { PollingController } from './polling.controller';
import { PollingRepository } from './polling.repository';
import { PollingService } from './polling.service';

@Module({
  imports: [TypeOrmModule.forFeature([PollingEventEntity])],
  controllers: [PollingController],
  providers: [PollingRepository, PollingService, PruneVisitorEventsJob],
  exports: [PollingService],
})
export class PollingModule {}
