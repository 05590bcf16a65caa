import { InsurerTexts } from '@healthlink/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PollingService } from '../../polling';
import { InsurerFetchService } from '../insurer-fetch.service';
import { FETCH_KIND, type FetchPayload } from '../insurers.service';

/** pg-boss queue `insurer-fetch`: one fetch operation of one linked insurer. */
@Injectable()
export class FetchOperationJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly fetcher: InsurerFetchService,
  ) {}

  onModuleInit(): void {
    // Several operations of one patient (and several patients) fetch at once; each mostly waits on the insurer.
    this.polling.registerHandler<FetchPayload>(FETCH_KIND, (job) => this.fetcher.fetchOperation(job), {
      concurrency: 4,
      failureResponse: () => ({ message: InsurerTexts.fetchFailed }),
    });
  }
}
