import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../jobs';
import { INSURER_UPTIME_CRON, INSURER_UPTIME_QUEUE, UptimeService } from '../uptime.service';

/**
 * pg-boss queue `insurer-uptime-check`, every 5 minutes: the stored uptime runs (and the pruning of runs past 30
 * days). A pg-boss schedule rather than @nestjs/schedule (the word): an in-process cron would fire in every
 * API and worker process; pg-boss keeps one schedule in the database and sends one job per tick for the cluster.
 * Concurrency 1 and no retry: a missed tick is simply a gap, and the next one comes in 5 minutes.
 */
@Injectable()
export class InsurerUptimeJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly uptime: UptimeService,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      queue: INSURER_UPTIME_QUEUE,
      schedule: INSURER_UPTIME_CRON,
      retryLimit: 0,
      concurrency: 1,
      handle: (job) => this.uptime.runScheduled(job.createdOn),
    });
  }
}
