import {
  DRUG_NOT_FOUND,
  hasControlCharacters,
  INPUT_MAX_LENGTH,
  parseCheckSavings,
  parsePhoneNumber,
  PricingTexts,
  type BestPriceRequest,
  type CheckSavingsRequest,
  type CheckSavingsResponse,
  type EnrollmentRequest,
  type PollingEventCreatedResponse,
  type Unchecked,
} from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ErrorRecorder } from '../../../common/errors';
import { addressSubject, RateLimiter, type RateLimitRule } from '../../auth';
import { PollingService, type PollingJobContext } from '../../polling';
import { ndcCandidates, normalizeNdc } from '../ndc';
import { DRUG_PRICE_INVALID } from '../prices/prices.service';
import { toBestPriceResult, toSavingsResult } from './coupon-results';
import { CouponServiceClient, CouponServiceError, type InvalidPartnerPrice, type PriceSearch } from './coupon-service.client';
import { CouponEnrollmentsRepository } from './coupon-enrollments.repository';
import { CouponsError } from './coupons.errors';
import { PhoneVault } from './phone-vault';

export const BEST_PRICE_KIND = 'coupon-best-price';
export const ENROLLMENT_KIND = 'coupon-enrollment';

export interface BestPricePayload {
  drugName: string;
}
export interface EnrollmentPayload {
  enrollmentId: string;
}

/** Per-address (visitors search too) and per-member limits: enough for a person, not for a scraper or a phone spammer. */
export const COUPON_LIMITS = {
  // Written behind (no database write per search): the limit guards load, not an account.
  searchPerAddress: { name: 'coupon-search-ip', max: 60, windowSeconds: 15 * 60, writeBehind: true },
  enrollPerUser: { name: 'coupon-enroll', max: 10, windowSeconds: 15 * 60 },
  savingsPerUser: { name: 'coupon-savings', max: 60, windowSeconds: 15 * 60 },
} satisfies Record<string, RateLimitRule>;

/**
 * How long an enrollment may stay pending before the hourly job ends it `failed` and erases its sealed phone. Its job
 * ends far sooner (two attempts, each bounded by the coupon client's timeout): one still pending after this long
 * died with its process or was lost, and its phone must not wait for it.
 */
export const STALE_ENROLLMENT_SECONDS = 3600;
/** How many invalid coupon-service prices this process remembers having recorded (each is recorded once). */
const RECORDED_INVALID_LIMIT = 10_000;

/** Free text of a coupon request: trimmed, at most 100 characters, no control characters. */
function drugNameOf(field: string, value: unknown, required: boolean): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && !value.trim() && !required)) {
    if (required) throw CouponsError.rule({ field, message: PricingTexts.drugNameRequired });
    return null;
  }
  if (typeof value !== 'string' || !value.trim()) throw CouponsError.rule({ field, message: PricingTexts.drugNameRequired });
  if (value.length > INPUT_MAX_LENGTH) throw CouponsError.rule({ field, message: PricingTexts.tooLong });
  if (hasControlCharacters(value)) throw CouponsError.rule({ field, message: `${field} must not contain control characters` });
  return value.trim();
}

/**
 * The coupon flows (part 1 §7, part 2 §4, §7): the price search and the enrollment run as polled jobs against the
 * coupon service; savings are answered at once. A visitor's search has no owner (public prices only: anyone holding
 * its id may read it); everything a member starts is theirs alone.
 */
@Injectable()
export class CouponsService {
  private readonly logger = new Logger(CouponsService.name);
  private readonly recordedInvalid = new Set<string>();

  constructor(
    private readonly client: CouponServiceClient,
    private readonly polling: PollingService,
    private readonly enrollments: CouponEnrollmentsRepository,
    private readonly vault: PhoneVault,
    private readonly limiter: RateLimiter,
    private readonly errors: ErrorRecorder,
  ) {}

  // ---- POST /api/rxLink/getBestPrice ---------------------------------------------------------------------------

  async startBestPrice(body: Unchecked<BestPriceRequest>, userId: string | null, ip: string | null): Promise<PollingEventCreatedResponse> {
    const drugName = drugNameOf('drugName', body.drugName, true)!;
    await this.limiter.consume(COUPON_LIMITS.searchPerAddress, addressSubject(ip));
    return { pollingEventID: await this.polling.start<BestPricePayload>(userId, BEST_PRICE_KIND, { drugName }) };
  }

  /**
   * The job: the coupon service's prices in both card shapes, `missing` when nothing matched. A drug name that is an
   * NDC (any printed form, as on the bottle) is searched by NDC; ten bare digits by each of their three 11-digit forms
   * until one is known.
   */
  async runBestPrice(job: PollingJobContext<BestPricePayload, string | null>): Promise<void> {
    let search: PriceSearch;
    try {
      search = await this.search(job.payload.drugName);
    } catch (error) {
      await this.partnerFailed(job, 'prices', error, { message: PricingTexts.couponSearchFailed });
      return;
    }
    await this.recordInvalidPrices(search.invalid);
    const result = toBestPriceResult(search, new Date().toISOString().slice(0, 10));
    if (!result) await this.polling.complete(job.pollingEventId, 'missing', DRUG_NOT_FOUND);
    else await this.polling.complete(job.pollingEventId, 'complete', result);
  }

  private async search(drugName: string): Promise<PriceSearch> {
    const ndc = /^[\d\s-]+$/.test(drugName) || /^ndc\b/i.test(drugName) ? normalizeNdc(drugName) : null;
    if (!ndc || ndc.kind === 'invalid') return this.client.searchByName(drugName);
    let found: PriceSearch = { asOf: null, drugs: [], invalid: [] };
    for (const candidate of ndcCandidates(ndc)) {
      found = await this.client.searchByNdc(candidate);
      if (found.drugs.length) break;
    }
    return found;
  }

  // ---- POST /api/rxLink/getEnrollment --------------------------------------------------------------------------

  async startEnrollment(body: Unchecked<EnrollmentRequest>, userId: string): Promise<PollingEventCreatedResponse> {
    const phone = parsePhoneNumber(body.userPhoneNumber);
    if (!phone.ok) throw CouponsError.rule({ field: 'userPhoneNumber', message: phone.problem.message });
    const drugName = drugNameOf('drugName', body.drugName, false);
    let ndc11: string | null = null;
    if (body.ndc !== undefined && body.ndc !== null && body.ndc !== '') {
      const parsed = typeof body.ndc === 'string' ? normalizeNdc(body.ndc) : null;
      // Ten bare digits could be three NDCs: a coupon is never issued on a guess.
      if (parsed?.kind !== 'exact') throw CouponsError.rule({ field: 'ndc', message: PricingTexts.ndcInvalid });
      ndc11 = parsed.ndc11;
    }
    await this.limiter.consume(COUPON_LIMITS.enrollPerUser, userId);

    const id = randomUUID();
    await this.enrollments.insertPending({
      id,
      userId,
      phoneLast4: phone.value.slice(-4),
      phoneEnc: this.vault.seal(phone.value, id),
      drugName,
      ndc11,
    });
    let pollingEventID: string;
    try {
      pollingEventID = await this.polling.start<EnrollmentPayload>(userId, ENROLLMENT_KIND, { enrollmentId: id });
    } catch (error) {
      // No job will ever read the sealed number: it goes now.
      await this.enrollments.finish(id, { status: 'failed' });
      throw error;
    }
    await this.enrollments.attachPollingEvent(id, pollingEventID);
    return { pollingEventID };
  }

  /** The job: enrolls the phone; `complete` with the link, or `duplicate` / `incomplete` / `failed` with the text to show. */
  async runEnrollment(job: PollingJobContext<EnrollmentPayload>): Promise<void> {
    const { enrollmentId } = job.payload;
    const enrollment = await this.enrollments.findById(enrollmentId);
    if (!enrollment || enrollment.userId !== job.ownerUserId) {
      await this.polling.complete(job.pollingEventId, 'failed', { message: PricingTexts.enrollmentFailed });
      return;
    }
    if (enrollment.status !== 'pending' || !enrollment.phoneEnc) {
      // Already answered (a retry after the answer was stored): the event gets the same outcome.
      await this.completeEnrollmentEvent(job.pollingEventId, enrollment.status, enrollment.redemptionUrl);
      return;
    }
    const phone = this.vault.open(enrollment.phoneEnc, enrollment.id);
    if (!phone) {
      this.logger.error({ correlationId: job.pollingEventId }, 'coupon enrollment: the sealed phone does not open (key changed?)');
      await this.enrollments.finish(enrollment.id, { status: 'failed' });
      await this.polling.complete(job.pollingEventId, 'failed', { message: PricingTexts.enrollmentFailed });
      return;
    }
    let outcome;
    try {
      outcome = await this.client.enroll({
        phone,
        ...(enrollment.ndc11 ? { ndc: enrollment.ndc11 } : {}),
        ...(enrollment.drugName ? { drugName: enrollment.drugName } : {}),
        idempotencyKey: enrollment.id,
      });
    } catch (error) {
      const retried = error instanceof CouponServiceError && error.kind === 'transient' && !job.isLastAttempt;
      if (!retried) await this.enrollments.finish(enrollment.id, { status: 'failed' });
      await this.partnerFailed(job, 'enrollments', error, { message: PricingTexts.enrollmentFailed });
      return;
    }
    const status = outcome.status === 'created' ? 'complete' : outcome.status;
    const link = outcome.status === 'created' ? outcome.redemptionUrl : null;
    await this.enrollments.finish(enrollment.id, { status, redemptionUrl: link });
    if (outcome.status !== 'created') {
      this.logger.log({ correlationId: job.pollingEventId, status: outcome.status }, 'coupon enrollment not created');
    }
    await this.completeEnrollmentEvent(job.pollingEventId, status, link);
  }

  private async completeEnrollmentEvent(pollingEventId: string, status: string, link: string | null): Promise<void> {
    if (status === 'complete' && link) await this.polling.complete(pollingEventId, 'complete', { link });
    else if (status === 'duplicate')
      await this.polling.complete(pollingEventId, 'duplicate', { message: PricingTexts.enrollmentDuplicate });
    else if (status === 'incomplete') await this.polling.complete(pollingEventId, 'incomplete', { message: PricingTexts.enrollmentFailed });
    else await this.polling.complete(pollingEventId, 'failed', { message: PricingTexts.enrollmentFailed });
  }

  // ---- POST /api/coupons/checkSavings --------------------------------------------------------------------------

  async checkSavings(body: Unchecked<CheckSavingsRequest>, userId: string): Promise<CheckSavingsResponse> {
    const parsed = parseCheckSavings(body);
    if (!parsed.ok) throw CouponsError.rule(parsed.problem);
    const request = parsed.value;
    // A staff tool (issue 19): the caller's own insurance does not matter, the NDCs asked about are not theirs.
    await this.limiter.consume(COUPON_LIMITS.savingsPerUser, userId);

    // Ten bare digits may be any of three NDCs: all three are asked and the coupon service's reference data says which
    // exists (never a guess).
    const ndcs = [...new Set(request.ndcList.flatMap((ndc) => (ndc.length === 11 ? [ndc] : ndcCandidates(normalizeNdc(ndc)))))];
    let answer;
    try {
      answer = await this.client.checkSavings({ ndcs, zip: request.zipCode, pharmacyNpi: request.pharmacyNPI, phone: request.phoneNumber });
    } catch (error) {
      this.logPartnerError('savings', error, null);
      await this.recordPartnerError('savings', error, userId, null);
      throw CouponsError.serviceFailed();
    }
    const answeredAt = new Date().toISOString();
    await this.recordInvalidPrices(answer.invalid);
    const results = answer.results.map(toSavingsResult);
    return {
      results,
      // Spec part 2 §3: "rawResponse (optional timestamp)". Only the time of the call: the partner's answer echoes the
      // request (the phone number) and staff need none of it beyond the results above.
      rawResponse: { timestamp: answeredAt },
      message: results.length
        ? `Savings found for ${results.length} of ${request.ndcList.length} NDCs`
        : 'No savings found for the provided NDCs.',
      asOf: answer.asOf,
    };
  }

  // ---- hourly: enrollments whose job never ended ------------------------------------------------------------------

  /**
   * Ends every enrollment still pending after STALE_ENROLLMENT_SECONDS as `failed`, its sealed phone erased, and its
   * polling event (if it is somehow still pending) `failed` with the text to show. A job that does answer later finds
   * the enrollment ended and changes nothing.
   */
  async endStaleEnrollments(): Promise<void> {
    const ended = await this.enrollments.failPendingOlderThan(STALE_ENROLLMENT_SECONDS);
    for (const { pollingEventId } of ended) {
      if (pollingEventId) await this.polling.complete(pollingEventId, 'failed', { message: PricingTexts.enrollmentFailed });
    }
    if (ended.length) this.logger.warn({ ended: ended.length }, 'coupon enrollments still pending after an hour ended as failed');
  }

  // ---- failures ----------------------------------------------------------------------------------------------

  /**
   * A coupon-service call of a job failed: rethrown for a retry while one is left and a retry may help; otherwise
   * logged, recorded (COUPON_SERVICE_FAILED, no query, phone or key) and the event ended `failed` with the text to show.
   * Anything that is not the partner's failure (the database) is rethrown: the job's own retries and failure end it.
   */
  private async partnerFailed(
    job: PollingJobContext<unknown, string | null>,
    operation: string,
    error: unknown,
    response: { message: string },
  ): Promise<void> {
    if (!(error instanceof CouponServiceError)) throw error;
    const retried = error.kind === 'transient' && !job.isLastAttempt;
    this.logPartnerError(operation, error, job.pollingEventId, job.attempt, retried);
    if (retried) throw error;
    await this.recordPartnerError(operation, error, job.ownerUserId, job.pollingEventId, job.attempt);
    await this.polling.complete(job.pollingEventId, 'failed', response);
  }

  private logPartnerError(operation: string, error: unknown, correlationId: string | null, attempt = 1, retried = false): void {
    const partner = error instanceof CouponServiceError ? error : null;
    this.logger.warn(
      {
        operation,
        host: partner?.host ?? null,
        status: partner?.status ?? null,
        kind: partner?.kind ?? null,
        correlationId,
        attempt,
        retried,
        error: partner ? partner.message : error instanceof Error ? error.name : 'unknown error',
      },
      `coupon service ${operation} failed${partner?.status ? ` (${partner.status})` : ''}`,
    );
  }

  private async recordPartnerError(
    operation: string,
    error: unknown,
    userId: string | null,
    correlationId: string | null,
    attempt = 1,
  ): Promise<void> {
    const partner = error instanceof CouponServiceError ? error : null;
    await this.errors.record({
      errorType: 'COUPON_SERVICE_FAILED',
      userId,
      host: partner?.host ?? null,
      errorDetails: {
        operation,
        status: partner?.status ?? null,
        attempt,
        correlationId,
        message: partner ? partner.message : error instanceof Error ? error.name : 'unknown error',
      },
    });
  }

  /**
   * Prices the coupon service sent that were not amounts (shown as N/A): recorded as DRUG_PRICE_INVALID like the NADAC
   * ones, with the NDC and the reason only, once per process (the same answer comes back at every search). A failure
   * to record must not fail the answer: the price is already N/A.
   */
  private async recordInvalidPrices(invalid: readonly InvalidPartnerPrice[]): Promise<void> {
    const fresh = invalid.filter(({ ndc, reason }) => {
      const key = `${ndc ?? ''}|${reason}`;
      if (this.recordedInvalid.has(key)) return false;
      if (this.recordedInvalid.size >= RECORDED_INVALID_LIMIT) this.recordedInvalid.clear();
      this.recordedInvalid.add(key);
      return true;
    });
    await Promise.all(
      fresh.map(({ ndc, reason }) =>
        this.errors
          .record({ errorType: DRUG_PRICE_INVALID, errorDetails: { ndc, source: 'coupon-service', reason } })
          .catch((error: unknown) => this.logger.warn({ err: error, ndc }, 'DRUG_PRICE_INVALID could not be logged')),
      ),
    );
  }
}
