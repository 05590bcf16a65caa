import { InsurerTexts } from '@healthlink/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PollingService } from '../../polling';
import { InsurerFetchService } from '../insurer-fetch.service';
import { TOKEN_EXCHANGE_KIND, type TokenExchangePayload } from '../insurers.service';

/** pg-boss queue `insurer-token-exchange`: trades the authorization code for the insurer's tokens. */
@Injectable()
export class TokenExchangeJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly fetcher: InsurerFetchService,
  ) {}

  onModuleInit(): void {
    this.polling.registerHandler<TokenExchangePayload>(TOKEN_EXCHANGE_KIND, (job) => this.fetcher.exchangeCode(job), {
      concurrency: 2,
      failureResponse: () => ({ message: InsurerTexts.authenticationFailed }),
    });
  }
}
