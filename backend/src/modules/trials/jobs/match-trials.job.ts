import { ClinicalTrialsTexts } from '@healthlink/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PollingService } from '../../polling';
import { TRIALS_KIND, TrialsService, type TrialsJobPayload } from '../trials.service';

/** pg-boss queue `clinical-trials-match`: one member's trials search. */
@Injectable()
export class MatchTrialsJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly trials: TrialsService,
  ) {}

  onModuleInit(): void {
    // One retry for a registry hiccup; a search mostly waits on the registry, so several members' run at once.
    this.polling.registerHandler<TrialsJobPayload>(TRIALS_KIND, (job) => this.trials.runJob(job), {
      retryLimit: 1,
      concurrency: 4,
      failureResponse: () => ({ message: ClinicalTrialsTexts.widgetFailed }),
    });
  }
}
