import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../jobs';
import { PLAN_ALERTS_QUEUE, PLAN_ALERTS_SCHEDULE, PlanAlertsService } from '../plan-alerts.service';

/**
 * pg-boss queue `plan-alerts-sweep`, hourly: the enrollment-season e-mails. A pg-boss schedule rather than an
 * in-process cron (@nestjs/schedule): pg-boss keeps one schedule in the database for the whole cluster and sends one
 * job per tick, so any number of worker processes sweep once (see insurers' resync-links.job.ts); the send itself is
 * also claimed per member and season in the database.
 */
@Injectable()
export class PlanAlertsJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly alerts: PlanAlertsService,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      queue: PLAN_ALERTS_QUEUE,
      schedule: PLAN_ALERTS_SCHEDULE,
      retryLimit: 0,
      handle: () => this.alerts.sweep().then(() => undefined),
    });
  }
}
