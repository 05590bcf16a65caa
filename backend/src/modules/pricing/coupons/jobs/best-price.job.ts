import { PricingTexts } from '@healthlink/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PollingService } from '../../../polling';
import { BEST_PRICE_KIND, CouponsService, type BestPricePayload } from '../coupons.service';

/**
 * pg-boss queue `coupon-best-price`: one coupon search (a visitor's has no owner). One retry: a person is waiting. The
 * failure response is the text to show when even the database failed the job.
 */
@Injectable()
export class BestPriceJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly coupons: CouponsService,
  ) {}

  onModuleInit(): void {
    this.polling.registerHandler<BestPricePayload, string | null>(BEST_PRICE_KIND, (job) => this.coupons.runBestPrice(job), {
      retryLimit: 1,
      concurrency: 4,
      failureResponse: () => ({ message: PricingTexts.couponSearchFailed }),
    });
  }
}
