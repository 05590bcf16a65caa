import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../jobs';
import { RateLimiter } from '../rate-limiter.service';

export const PRUNE_RATE_LIMITS_QUEUE = 'prune-rate-limits';
/** Every 15 minutes (UTC); one job for the cluster, whichever process's worker takes it. */
export const PRUNE_RATE_LIMITS_CRON = '*/15 * * * *';

/** The scheduled pruning of spent rate-limit counters (the table would otherwise only grow). */
@Injectable()
export class PruneRateLimitsJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly limiter: RateLimiter,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      queue: PRUNE_RATE_LIMITS_QUEUE,
      schedule: PRUNE_RATE_LIMITS_CRON,
      retryLimit: 0,
      handle: () => this.limiter.prune(),
    });
  }
}
