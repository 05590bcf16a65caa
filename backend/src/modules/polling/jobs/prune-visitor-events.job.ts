import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../jobs';
import { PollingService } from '../polling.service';

export const PRUNE_VISITOR_EVENTS_QUEUE = 'prune-visitor-polling-events';
/** Hourly (UTC); one job for the cluster, whichever process's worker takes it. */
export const PRUNE_VISITOR_EVENTS_CRON = '17 * * * *';

/** The scheduled pruning of visitors' polling events (see PollingService.pruneVisitorEvents). */
@Injectable()
export class PruneVisitorEventsJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly polling: PollingService,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      queue: PRUNE_VISITOR_EVENTS_QUEUE,
      schedule: PRUNE_VISITOR_EVENTS_CRON,
      retryLimit: 0,
      handle: () => this.polling.pruneVisitorEvents(),
    });
  }
}
