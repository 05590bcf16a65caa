import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../jobs';
import { InsurerResyncService, RESYNC_LINKS_QUEUE, RESYNC_SCHEDULE } from '../insurer-resync.service';

/**
 * pg-boss queue `insurer-resync-links`, on a daily cron: queues the re-sync of every due link. A pg-boss schedule
 * rather than @nestjs/schedule: pg-boss keeps one schedule in the database for the whole cluster and sends one job
 * per tick, so any number of worker processes run it once; an in-process cron would fire in every process.
 */
@Injectable()
export class ResyncLinksJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly resync: InsurerResyncService,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      queue: RESYNC_LINKS_QUEUE,
      schedule: RESYNC_SCHEDULE,
      handle: () => this.resync.queueDueLinks().then(() => undefined),
    });
  }
}
