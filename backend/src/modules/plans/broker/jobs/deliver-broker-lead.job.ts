import { Injectable, OnModuleInit } from '@nestjs/common';
import { JobRegistry, type JobDefinition } from '../../../../jobs';
import { BROKER_LEAD_QUEUE, BROKER_LEAD_RETRY, BrokerLeadsService, type BrokerLeadJobData } from '../broker-leads.service';

/** pg-boss queue `broker-lead-deliver`: one lead to the broker CRM, retried with backoff while the CRM is unavailable. */
@Injectable()
export class DeliverBrokerLeadJob implements OnModuleInit {
  constructor(
    private readonly registry: JobRegistry,
    private readonly leads: BrokerLeadsService,
  ) {}

  onModuleInit(): void {
    const definition: JobDefinition<BrokerLeadJobData> = {
      queue: BROKER_LEAD_QUEUE,
      handle: (job) => this.leads.deliver(job.data),
      onFailed: (job, error) => this.leads.deliveryFailed(job.data, error),
      retryLimit: BROKER_LEAD_RETRY.retryLimit,
      retryDelay: BROKER_LEAD_RETRY.retryDelaySeconds,
      retryBackoff: BROKER_LEAD_RETRY.retryBackoff,
      // One worker (one pg-boss connection): leads are few, and a slow CRM only delays the next one.
      concurrency: 1,
    };
    this.registry.register(definition);
  }
}
