import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry } from '../../../../jobs';
import { BrokerLeadsService } from '../broker-leads.service';

export const STALE_BROKER_LEADS_QUEUE = 'broker-leads-stale';
/** Hourly (UTC), off the other hourly sweeps' minutes; one job for the cluster, whichever process's worker takes it. */
export const STALE_BROKER_LEADS_CRON = '47 * * * *';

/**
 * The scheduled end of leads whose delivery job was lost (BrokerLeadsService.endStaleLeads): a sealed phone never
 * outlives its delivery by more than STALE_LEAD_SECONDS plus this schedule's period. No retry: the next hour's run
 * takes what this one missed.
 */
@Injectable()
export class StaleBrokerLeadsJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly leads: BrokerLeadsService,
  ) {}

  onModuleInit(): void {
    this.registry.register({
      queue: STALE_BROKER_LEADS_QUEUE,
      schedule: STALE_BROKER_LEADS_CRON,
      retryLimit: 0,
      handle: () => this.leads.endStaleLeads(),
    });
  }
}
