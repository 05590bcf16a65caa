import type { AnalyticsEventRequest } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { addressSubject, RATE_LIMITS, RateLimiter } from '../auth';
import { AnalyticsRepository } from './analytics.repository';

/**
 * First-party analytics: category, action and the page path, nothing else. The query string and fragment
 * are cut off here too (they can carry search terms or health data), and no user id is ever stored.
 */
@Injectable()
export class AnalyticsService {
  constructor(
    private readonly repository: AnalyticsRepository,
    private readonly limiter: RateLimiter,
  ) {}

  async record(event: AnalyticsEventRequest, ip: string | null): Promise<void> {
    await this.limiter.consume(RATE_LIMITS.analyticsPerAddress, addressSubject(ip));
    const path = event.path.split(/[?#]/)[0] || '/';
    await this.repository.insert({ category: event.category.trim(), action: event.action.trim(), path });
  }
}
