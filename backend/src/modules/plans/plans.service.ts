import {
  PLAN_YEAR,
  PlansErrorCode,
  PlanTexts,
  parsePlanContact,
  parseBidId,
  parsePlanKey,
  type PlanAlertsSettings,
  type PlanBenefitsResponse,
  type PlanContactRequest,
  type PlanContactResponse,
  type PlanEstimate,
  type PlanRankCurrentPlan,
  type PlanRanksFailure,
  type PlanRanksMissing,
  type PlanRanksResult,
  type PollingEventCreatedResponse,
  type Unchecked,
} from '@healthlink/contracts';
import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { RateLimiter, type RateLimitRule } from '../auth';
import { HealthDataService, MemberCareReader } from '../health-data';
import { MemberDrugUsesReader } from '../pricing';
import { PollingService, type PollingJobContext } from '../polling';
import { PlanCatalogueService } from './catalogue/plan-catalogue.service';
import { MemberHomeReader } from './member-home';
import type { CataloguePlan, MemberCostInputs } from './plan-types';
import { PlansError } from './plans.errors';
import { PlansRepository } from './plans.repository';
import { RANKING_VERSION, rankPlans, type CurrentPlanInput } from './ranking/rank-plans';

/** The polling kind (and pg-boss queue) of a ranking. */
export const PLAN_RANKS_KIND = 'plan-ranks';
/** A ranking of a big county takes well under a second: the web polls sooner than the default second. */
export const PLAN_RANKS_POLL_INTERVAL_MS = 250;
/** The months of claims and fills an estimate is made from. */
export const ESTIMATE_MONTHS = 12;

/**
 * Per member: the web asks once per visit (and once more after the contact form); 30 in 15 minutes is a person
 * clicking around. The contact form is a person typing an address.
 */
export const PLANS_LIMITS = {
  ranksPerUser: { name: 'plan-ranks', max: 30, windowSeconds: 15 * 60 },
  contactPerUser: { name: 'plan-contact', max: 10, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/** The window of claims and fills: the 12 months up to and including `today` (YYYY-MM-DD). */
export function estimateWindow(today: string): { from: string; to: string } {
  const [year, month, day] = today.split('-').map(Number) as [number, number, number];
  // The same day ESTIMATE_MONTHS back (the month's last day when it has fewer: Feb 29 -> Feb 28), then the day after.
  const lastDay = new Date(Date.UTC(year, month - 1 - ESTIMATE_MONTHS + 1, 0)).getUTCDate();
  const from = new Date(Date.UTC(year, month - 1 - ESTIMATE_MONTHS, Math.min(day, lastDay) + 1));
  return { from: from.toISOString().slice(0, 10), to: today };
}

export type RankOutcome =
  { status: 'complete'; response: PlanRanksResult; inputsHash: string } | { status: 'missing'; response: PlanRanksMissing };

/**
 * Ranks every 2026 plan offered in the member's county by what the member's own last 12 months of claims and fills
 * would have cost under it (ranking/ has the arithmetic), and keeps the member's latest ranking with each plan's
 * arithmetic (`plan_rank_runs`), reused while its inputs are unchanged. Logs carry counts, never ZIPs or amounts.
 */
@Injectable()
export class PlansService {
  private readonly logger = new Logger(PlansService.name);
  /** The clock (tests move it). */
  today: () => string = () => new Date().toISOString().slice(0, 10);

  constructor(
    private readonly polling: PollingService,
    private readonly repository: PlansRepository,
    private readonly catalogue: PlanCatalogueService,
    private readonly care: MemberCareReader,
    private readonly drugs: MemberDrugUsesReader,
    private readonly healthData: HealthDataService,
    private readonly homes: MemberHomeReader,
    private readonly limiter: RateLimiter,
  ) {}

  /** GET /api/planRanks/getAllPlanRanks: counts the member's limit (429), then starts a ranking. */
  async getAllPlanRanks(userId: string): Promise<PollingEventCreatedResponse> {
    await this.limiter.consume(PLANS_LIMITS.ranksPerUser, userId);
    return { pollingEventID: await this.polling.start(userId, PLAN_RANKS_KIND, {}, PLAN_RANKS_POLL_INTERVAL_MS) };
  }

  /** The job: ends the event `complete` or `missing`; a throw is retried, then `failed` with the widget's text. */
  async runJob(job: PollingJobContext<object>): Promise<void> {
    const outcome = await this.rank(job.ownerUserId);
    await this.polling.complete(job.pollingEventId, outcome.status, outcome.response);
  }

  static failure(): PlanRanksFailure {
    return { message: PlanTexts.failed };
  }

  /** The member's ranking: the stored one while its inputs are the same, else computed and stored. */
  async rank(userId: string): Promise<RankOutcome> {
    const started = Date.now();
    const home = await this.homes.homeOf(userId);
    if (!home) return { status: 'missing', response: { reason: 'no-zip', message: PlanTexts.missingZip } };
    // The state too: a ZIP that crosses a state line is placed in the member's own state.
    const place = this.catalogue.countyOfZip(home.zip, home.state ?? undefined);
    if (!place) return { status: 'missing', response: { reason: 'unknown-zip', message: PlanTexts.missingUnknownZip } };
    const offered = await this.catalogue.plansInCounty(place.state, place.county);
    const rankable = offered.plans.filter((plan) => !plan.specialNeeds);
    if (!rankable.length) return { status: 'missing', response: { reason: 'no-plans', message: PlanTexts.missingNoPlans } };

    const window = estimateWindow(this.today());
    const [claims, drugs, coverage, paid] = await Promise.all([
      this.care.careClaims(userId, window.from, window.to),
      this.drugs.drugUses(userId, window.from, window.to),
      this.healthData.currentPlan(userId),
      this.care.outOfPocket(userId, window.from, window.to),
    ]);
    const inputs: MemberCostInputs = { ...window, claims, drugs };
    const currentName = coverage.userCurrentPlan[0]?.plan_name ?? coverage.userCurrentPlan[0]?.marketing_name ?? null;
    const inputsHash = this.hashOf(inputs, { ...place, zip: home.zip, source: home.source }, { name: currentName, paid });
    const stored = await this.repository.findRun(userId);
    if (stored?.inputsHash === inputsHash) return { status: 'complete', response: stored.result, inputsHash };

    const current = this.currentPlanOf(currentName, paid, rankable);
    const ranked = rankPlans(rankable, inputs, current?.input ?? null, { dataAsOf: this.catalogue.dataAsOf, benefits: offered.extras });
    const currentPlan: PlanRankCurrentPlan | null =
      current && ranked.current ? { ...current.summary, yearlyCost: ranked.current.yearlyCost } : null;
    // The oldest price date: a figure is never shown as newer than its oldest input.
    const priceDates = drugs.map((drug) => drug.priceAsOf).filter((date): date is string => !!date);
    const result: PlanRanksResult = {
      result: [{ Key: `${place.state}:${place.county}`, Value: { rows: ranked.rows } }],
      place: {
        zip: home.zip,
        state: place.state,
        county: place.county,
        source: home.source,
        otherCounties: place.otherCounties,
      },
      currentPlan,
      inputs: {
        from: window.from,
        to: window.to,
        claims: claims.length,
        claimsSkipped: ranked.member.care.skipped.length,
        drugs: drugs.length,
        drugsUnpriced: drugs.filter((drug) => drug.monthlyCost === null).length,
      },
      dataAsOf: this.catalogue.dataAsOf,
      priceAsOf: priceDates.sort()[0] ?? null,
      computedAt: new Date().toISOString(),
      excluded: { specialNeeds: offered.plans.length - rankable.length, noCostDetails: offered.withoutDetails },
    };
    await this.repository.saveRun(userId, inputsHash, result, ranked.estimates);
    this.logger.log({ plans: rankable.length, claims: claims.length, drugs: drugs.length, ms: Date.now() - started }, 'ranked plans');
    return { status: 'complete', response: result, inputsHash };
  }

  /**
   * What the member's current coverage cost over the same 12 months: the catalogue plan of the same name in their
   * county, estimated the same way (like for like), else what they actually paid (their share of every claim and
   * fill; premiums unknown). Null when neither is known.
   */
  private currentPlanOf(
    name: string | null,
    paid: number | null,
    plans: readonly CataloguePlan[],
  ): { input: CurrentPlanInput; summary: Omit<PlanRankCurrentPlan, 'yearlyCost'> } | null {
    const wanted = name?.trim().toLowerCase();
    const matches = wanted ? plans.filter((plan) => plan.name.trim().toLowerCase() === wanted) : [];
    if (matches.length === 1) {
      // The engine estimates it first and compares every plan with that estimate.
      return { input: { bidId: matches[0]!.bidId }, summary: { name: matches[0]!.name, bidId: matches[0]!.bidId, basis: 'catalogue' } };
    }
    if (paid === null) return null;
    return { input: paid, summary: { name: name ?? 'Your current coverage', bidId: null, basis: 'actual-payments' } };
  }

  private hashOf(
    inputs: MemberCostInputs,
    place: { zip: string; state: string; county: string; source: string },
    current: { name: string | null; paid: number | null },
  ): string {
    const canonical = JSON.stringify({
      v: RANKING_VERSION,
      data: this.catalogue.dataVersion,
      year: PLAN_YEAR,
      place: [place.zip, place.state, place.county, place.source],
      current: [current.name, current.paid],
      inputs,
    });
    return createHash('sha256').update(canonical).digest('hex');
  }

  /** GET /api/planRanks/estimate?bidId=: one plan's arithmetic from the member's latest ranking. */
  async estimate(userId: string, bidId: unknown): Promise<PlanEstimate> {
    const parsed = parseBidId(bidId);
    if (!parsed.ok) throw PlansError.rule(parsed.problem);
    const estimate = await this.repository.findEstimate(userId, parsed.value);
    if (!estimate) {
      throw new PlansError(
        PlansErrorCode.EstimateNotFound,
        HttpStatus.NOT_FOUND,
        'Your latest plan ranking has no estimate for this plan. Open Medicare Options to rank your plans again.',
      );
    }
    return estimate;
  }

  /** POST /api/planRanks/createContact: the form's fields (userId and e-mail are the session's, never the body's). */
  async createContact(userId: string, body: Unchecked<PlanContactRequest>): Promise<PlanContactResponse> {
    const parsed = parsePlanContact(body);
    if (!parsed.ok) throw PlansError.rule(parsed.problem);
    await this.limiter.consume(PLANS_LIMITS.contactPerUser, userId);
    await this.repository.saveContact(userId, { ...parsed.value, patientId: parsed.value.patientId ?? null });
    return { message: 'Contact information saved' };
  }

  /** POST /api/planRanks/reTriggerPlanRanks: the stored ranking is dropped, so the next fetch ranks afresh. */
  async reTriggerPlanRanks(userId: string): Promise<{ message: string }> {
    await this.repository.deleteRun(userId);
    return { message: 'Plan ranking restarted' };
  }

  /** POST /api/planBenefits: the plan's extra benefits (404 for a plan the 2026 data does not have). */
  async planBenefits(hNumber: unknown, planIdentifier: unknown): Promise<PlanBenefitsResponse> {
    const key = parsePlanKey(hNumber, planIdentifier);
    if (!key.ok) throw PlansError.rule(key.problem);
    const [benefits, plan] = await Promise.all([this.catalogue.benefits(key.value), this.catalogue.plan(key.value)]);
    if (!benefits || !plan) throw PlansError.planNotFound();
    return {
      enhancedBenefits: { pbp_b14c_bendesc_ehc: benefits.enhanced },
      rideshareBenefits: { pbp_b10b_bendesc_mt_pal_d: benefits.rideshare },
      sections: benefits.sections,
      dataAsOf: this.catalogue.dataAsOf,
      sourceUrl: plan.sourceUrl,
    };
  }

  async alerts(userId: string): Promise<PlanAlertsSettings> {
    return { optedIn: await this.repository.alertsOptedIn(userId) };
  }

  async setAlerts(userId: string, body: Unchecked<PlanAlertsSettings>): Promise<PlanAlertsSettings> {
    if (typeof body.optedIn !== 'boolean') throw PlansError.rule({ field: 'optedIn', message: 'optedIn must be true or false' });
    await this.repository.setAlertsOptedIn(userId, body.optedIn);
    return { optedIn: body.optedIn };
  }
}
