import { PricingTexts } from '@healthlink/contracts';
import { Injectable, OnModuleInit } from '@nestjs/common';
import { PollingService } from '../../../polling';
import { CouponsService, ENROLLMENT_KIND, type EnrollmentPayload } from '../coupons.service';

/** pg-boss queue `coupon-enrollment`: one member's enrollment of a phone. One retry: a person is waiting. */
@Injectable()
export class EnrollmentJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly coupons: CouponsService,
  ) {}

  onModuleInit(): void {
    this.polling.registerHandler<EnrollmentPayload>(ENROLLMENT_KIND, (job) => this.coupons.runEnrollment(job), {
      retryLimit: 1,
      concurrency: 2,
      failureResponse: () => ({ message: PricingTexts.enrollmentFailed }),
    });
  }
}
