import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../jobs';
import { InsurerResyncService, RESYNC_LINK_QUEUE, type ResyncLinkPayload } from '../insurer-resync.service';

/**
 * pg-boss queue `insurer-resync-link`: one link's re-sync. Stately, keyed by the link: one job per link waits and one
 * runs, never two (a job queued while the link's run is still going waits behind it); the service also holds a
 * per-link lock while it works.
 */
@Injectable()
export class ResyncLinkJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly resync: InsurerResyncService,
  ) {}

  onModuleInit(): void {
    this.registry.register<ResyncLinkPayload>({
      queue: RESYNC_LINK_QUEUE,
      policy: 'stately',
      // Links of several members at once: each run is short and mostly waits on its insurer, and a pg-boss worker
      // takes at most about two short jobs a second (it polls every 0.5 s); its lock is off the connection pool.
      concurrency: 8,
      handle: (job) => this.resync.resyncLink(job.data),
      onFailed: (job, error) => this.resync.recordFinalFailure(job.data, error),
    });
  }
}
