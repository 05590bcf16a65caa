import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../../jobs';
import { CouponsService } from '../coupons.service';

export const STALE_ENROLLMENTS_QUEUE = 'coupon-stale-enrollments';
/** Hourly (UTC), off the visitor-event pruning's minute; one job for the cluster, whichever process's worker takes it. */
export const STALE_ENROLLMENTS_CRON = '41 * * * *';

/**
 * The scheduled end of enrollments whose job never ended (see CouponsService.endStaleEnrollments): a sealed phone never
 * outlives its call by more than the hour plus this schedule's period. No retry: the next hour's run takes what this
 * one missed.
 */
@Injectable()
export class StaleEnrollmentsJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly coupons: CouponsService,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      queue: STALE_ENROLLMENTS_QUEUE,
      schedule: STALE_ENROLLMENTS_CRON,
      retryLimit: 0,
      handle: () => this.coupons.endStaleEnrollments(),
    });
  }
}
