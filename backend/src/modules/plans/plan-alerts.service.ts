import { PLAN_ALERT_MIN_SAVINGS, isAnnualEnrollment } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import { PlansRepository, type PlanAlertSubscription } from './plans.repository';
import { PlansService } from './plans.service';

/** pg-boss queue of the enrollment-season sweep, and its cron (UTC): hourly, at a minute nothing else uses. */
export const PLAN_ALERTS_QUEUE = 'plan-alerts-sweep';
export const PLAN_ALERTS_SCHEDULE = '23 * * * *';
/** Members read per page of the sweep. */
const PAGE = 200;

export type AlertCheck = 'not-season' | 'unchanged' | 'no-ranking' | 'no-savings' | 'sent' | 'already-sent';

/** The season an annual enrollment period belongs to: its year (Oct 15 - Dec 7 of that year). */
export const seasonOf = (date: Date): number => date.getUTCFullYear();

/**
 * The enrollment-season e-mail (beyond the spec): during the annual enrollment period (Oct 15 - Dec 7), each
 * opted-in member whose inputs changed since their last check is ranked again, and e-mailed once a season when a
 * plan in their county would have cost at least PLAN_ALERT_MIN_SAVINGS less than their current coverage over the
 * last 12 months. The e-mail names no care, drug, plan or amount: only that a cheaper plan exists and a link.
 */
@Injectable()
export class PlanAlertsService {
  private readonly logger = new Logger(PlanAlertsService.name);
  /** The clock (tests move it). */
  now: () => Date = () => new Date();
  private readonly publicUrl: string;

  constructor(
    private readonly repository: PlansRepository,
    private readonly plans: PlansService,
    private readonly mailer: Mailer,
    config: ConfigService<AppConfig, true>,
  ) {
    this.publicUrl = config.get('publicUrl', { infer: true }).replace(/\/+$/, '');
  }

  /** The scheduled sweep: every opted-in member not yet e-mailed this season, a page at a time. */
  async sweep(): Promise<Record<AlertCheck, number>> {
    const counts: Record<AlertCheck, number> = {
      'not-season': 0,
      unchanged: 0,
      'no-ranking': 0,
      'no-savings': 0,
      sent: 0,
      'already-sent': 0,
    };
    const now = this.now();
    if (!isAnnualEnrollment(now)) {
      counts['not-season'] = 1;
      return counts;
    }
    const season = seasonOf(now);
    for (let after: string | null = null; ;) {
      const page = await this.repository.alertSubscriptions(season, after, PAGE);
      for (const subscription of page) {
        try {
          counts[await this.check(subscription, season)] += 1;
        } catch (error) {
          // One member's failure (their mail bounced, their data is odd) must not stop the season for the others.
          this.logger.warn({ err: { message: (error as Error).message } }, 'plan alert check failed');
        }
      }
      if (page.length < PAGE) break;
      after = page.at(-1)!.userId;
    }
    this.logger.log(counts, 'plan alerts sweep');
    return counts;
  }

  /** One member: ranked again only when their inputs changed since the last check; e-mailed at most once a season. */
  async check(subscription: PlanAlertSubscription, season: number): Promise<AlertCheck> {
    const outcome = await this.plans.rank(subscription.userId);
    if (outcome.status !== 'complete') return 'no-ranking';
    if (outcome.inputsHash === subscription.lastCheckedHash) return 'unchanged';
    const result = outcome.response;
    const best = result.result.flatMap((group) => group.Value.rows)[0];
    // Only a like-for-like comparison may say "cheaper": the current plan estimated the same way, or what the member
    // actually paid when every drug of theirs is priced (an unpriced drug would make every plan look cheaper).
    const comparable = result.currentPlan?.basis === 'catalogue' || (result.currentPlan !== null && result.inputs.drugsUnpriced === 0);
    const saves = comparable && best?.netImpact != null && -best.netImpact >= PLAN_ALERT_MIN_SAVINGS;
    if (!saves) {
      await this.repository.markAlertChecked(subscription.userId, outcome.inputsHash);
      return 'no-savings';
    }
    // Claimed (committed) before the send: one e-mail a season even when two workers check at once or the process dies
    // after sending; a send that fails gives the claim back for the next sweep.
    if (!(await this.repository.claimAlertSend(subscription.userId, season))) return 'already-sent';
    try {
      await this.mailer.send(this.mailOf(subscription));
    } catch (error) {
      await this.repository.releaseAlertSend(subscription.userId, season, subscription.lastSentSeason);
      throw error;
    }
    await this.repository.markAlertChecked(subscription.userId, outcome.inputsHash);
    return 'sent';
  }

  private mailOf(subscription: PlanAlertSubscription) {
    return {
      to: subscription.email,
      subject: 'A Medicare plan near you may cost less',
      text: [
        `Hello ${subscription.firstName},`,
        '',
        `Based on your own records, a Medicare plan offered where you live would have cost you at least $${PLAN_ALERT_MIN_SAVINGS} ` +
          'less over the last 12 months than your current coverage.',
        '',
        `Compare your plans: ${this.publicUrl}/medicareOptions`,
        '',
        'Annual enrollment ends December 7. A broker can help you switch at no cost to you.',
        '',
        `You get this e-mail because you asked for it. To stop, turn off Medicare plan alerts on your profile: ${this.publicUrl}/userProfile`,
      ].join('\n'),
    };
  }
}
