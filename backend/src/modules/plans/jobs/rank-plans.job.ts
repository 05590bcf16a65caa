import { Injectable, OnModuleInit } from '@nestjs/common';
import { PollingService } from '../../polling';
import { PLAN_RANKS_KIND, PlansService } from '../plans.service';

/** pg-boss queue `plan-ranks`: one member's ranking (a polling event). */
@Injectable()
export class RankPlansJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly plans: PlansService,
  ) {}

  onModuleInit(): void {
    // One retry for a database hiccup; then the widget's failure text (and the contact form).
    this.polling.registerHandler<object>(PLAN_RANKS_KIND, (job) => this.plans.runJob(job), {
      retryLimit: 1,
      // A ranking takes about a tenth of a second: one worker (one pg-boss connection) a process is plenty.
      concurrency: 1,
      failureResponse: () => PlansService.failure(),
    });
  }
}
