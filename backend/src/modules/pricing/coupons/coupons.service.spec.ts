import { DRUG_NOT_FOUND, PricingTexts } from '@healthlink/contracts';
import type { ConfigService } from '@nestjs/config';
import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { strictMock } from '../../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../../common/errors';
import type { AppConfig } from '../../../config';
import type { RateLimiter } from '../../auth';
import type { PollingJobContext, PollingService } from '../../polling';
import type { CouponEnrollment, CouponEnrollmentsRepository } from './coupon-enrollments.repository';
import { CouponServiceError, type CouponServiceClient, type PriceSearch } from './coupon-service.client';
import {
  BEST_PRICE_KIND,
  COUPON_LIMITS,
  CouponsService,
  ENROLLMENT_KIND,
  STALE_ENROLLMENT_SECONDS,
  type BestPricePayload,
  type EnrollmentPayload,
} from './coupons.service';
import { PhoneVault } from './phone-vault';

const vault = new PhoneVault({
  get: (key: string) => (key === 'insurers' ? { tokenEncryptionKey: Buffer.alloc(32, 9) } : undefined),
} as unknown as ConfigService<AppConfig, true>);

const SEARCH: PriceSearch = {
  asOf: '2026-04-29',
  invalid: [],
  drugs: [
    {
      name: 'Atorvastatin',
      brandName: 'Lipitor',
      strength: '10 MG TABLET',
      generic: {
        description: 'ATORVASTATIN 10 MG TABLET',
        ndc: '00093505610',
        quantity: 30,
        unit: 'EA',
        priceDate: '2026-04-22',
        retailPrice: 17.23,
        prices: [{ pharmacy: { npi: '1104000017', name: 'Riverside Drug' }, price: 4.71 }],
      },
      brand: null,
    },
  ],
};

describe('CouponsService', () => {
  let client: jest.Mocked<CouponServiceClient>;
  let polling: jest.Mocked<PollingService>;
  let enrollments: jest.Mocked<CouponEnrollmentsRepository>;
  let limiter: jest.Mocked<RateLimiter>;
  let errors: jest.Mocked<ErrorRecorder>;
  let service: CouponsService;

  beforeEach(() => {
    client = strictMock<CouponServiceClient>();
    polling = strictMock<PollingService>();
    enrollments = strictMock<CouponEnrollmentsRepository>();
    limiter = strictMock<RateLimiter>();
    errors = strictMock<ErrorRecorder>();
    service = new CouponsService(client, polling, enrollments, vault, limiter, errors);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  const job = <P, O extends string | null = string>(payload: P, ownerUserId: O, last = false): PollingJobContext<P, O> => ({
    pollingEventId: randomUUID(),
    ownerUserId,
    payload,
    queuedAt: new Date(),
    attempt: last ? 2 : 1,
    isLastAttempt: last,
  });

  describe('startBestPrice', () => {
    it("starts a visitor's search with no owner, a member's as theirs, after the per-address limit", async () => {
      limiter.consume.mockResolvedValue(undefined);
      polling.start.mockResolvedValue('event-1');
      await expect(service.startBestPrice({ drugName: '  Atorvastatin ' }, null, '203.0.113.9')).resolves.toEqual({
        pollingEventID: 'event-1',
      });
      expect(limiter.consume).toHaveBeenCalledWith(COUPON_LIMITS.searchPerAddress, '203.0.113.9');
      expect(polling.start).toHaveBeenCalledWith(null, BEST_PRICE_KIND, { drugName: 'Atorvastatin' });
      await service.startBestPrice({ drugName: 'Lipitor' }, 'user-1', '203.0.113.9');
      expect(polling.start).toHaveBeenLastCalledWith('user-1', BEST_PRICE_KIND, { drugName: 'Lipitor' });
    });

    it.each([
      [{}, PricingTexts.drugNameRequired],
      [{ drugName: '   ' }, PricingTexts.drugNameRequired],
      [{ drugName: 42 }, PricingTexts.drugNameRequired],
      [{ drugName: 'a'.repeat(101) }, PricingTexts.tooLong],
      [{ drugName: 'ator\u0000vastatin' }, 'drugName must not contain control characters'],
    ])('refuses %j with a 400 naming drugName', async (body, message) => {
      await expect(service.startBestPrice(body as never, null, '203.0.113.9')).rejects.toMatchObject({
        code: 'PRICING.VALIDATION',
        status: 400,
        message,
        fieldErrors: [{ field: 'drugName', message }],
      });
      expect(polling.start).not.toHaveBeenCalled();
    });
  });

  describe('runBestPrice', () => {
    it('completes with both card shapes', async () => {
      client.searchByName.mockResolvedValue(SEARCH);
      polling.complete.mockResolvedValue(true);
      const context = job<BestPricePayload, string | null>({ drugName: 'Atorvastatin' }, null);
      await service.runBestPrice(context);
      expect(client.searchByName).toHaveBeenCalledWith('Atorvastatin');
      expect(polling.complete).toHaveBeenCalledWith(
        context.pollingEventId,
        'complete',
        expect.objectContaining({ priceData: expect.objectContaining({ genericBestPrice: '$4.71' }), asOf: '2026-04-29' }),
      );
    });

    it('searches a name that is an NDC by NDC: dashed as is, ten bare digits by each 11-digit form until one is known', async () => {
      polling.complete.mockResolvedValue(true);
      client.searchByNdc.mockResolvedValue(SEARCH);
      await service.runBestPrice(job<BestPricePayload>({ drugName: 'NDC 0093-5056-10' }, 'user-1'));
      expect(client.searchByNdc).toHaveBeenCalledWith('00093505610');

      client.searchByNdc.mockReset();
      client.searchByNdc.mockResolvedValueOnce({ asOf: '2026-04-29', drugs: [], invalid: [] }).mockResolvedValueOnce(SEARCH);
      const context = job<BestPricePayload>({ drugName: '5815101557' }, 'user-1');
      await service.runBestPrice(context);
      expect(client.searchByNdc.mock.calls).toEqual([['05815101557'], ['58151001557']]);
      expect(polling.complete).toHaveBeenLastCalledWith(context.pollingEventId, 'complete', expect.anything());
    });

    it('records prices that are not amounts as DRUG_PRICE_INVALID (NDC and reason only), once per process', async () => {
      polling.complete.mockResolvedValue(true);
      errors.record.mockResolvedValue('e');
      const invalid = [{ ndc: '00093505610', reason: 'drugs[0].generic.retailPrice is not an amount' }];
      client.searchByName.mockResolvedValue({ ...SEARCH, invalid });
      await service.runBestPrice(job<BestPricePayload>({ drugName: 'Atorvastatin' }, 'user-1'));
      await service.runBestPrice(job<BestPricePayload, string | null>({ drugName: 'Atorvastatin' }, null));
      expect(errors.record.mock.calls).toEqual([
        [
          {
            errorType: 'DRUG_PRICE_INVALID',
            errorDetails: { ndc: '00093505610', source: 'coupon-service', reason: 'drugs[0].generic.retailPrice is not an amount' },
          },
        ],
      ]);
      expect(polling.complete).toHaveBeenCalledTimes(2);
    });

    it('still answers when an invalid price cannot be recorded', async () => {
      polling.complete.mockResolvedValue(true);
      errors.record.mockRejectedValue(new Error('database down'));
      client.searchByName.mockResolvedValue({ ...SEARCH, invalid: [{ ndc: null, reason: 'drugs[0].brand.retailPrice is not an amount' }] });
      const context = job<BestPricePayload>({ drugName: 'Atorvastatin' }, 'user-1');
      await service.runBestPrice(context);
      expect(polling.complete).toHaveBeenCalledWith(context.pollingEventId, 'complete', expect.anything());
    });

    it('ends missing with "Drug not found" when nothing matched', async () => {
      client.searchByName.mockResolvedValue({ asOf: '2026-04-29', drugs: [], invalid: [] });
      polling.complete.mockResolvedValue(true);
      const context = job<BestPricePayload>({ drugName: 'Nothing' }, 'user-1');
      await service.runBestPrice(context);
      expect(polling.complete).toHaveBeenCalledWith(context.pollingEventId, 'missing', DRUG_NOT_FOUND);
    });

    it('rethrows a transient failure while a retry is left, then ends failed with the spec text and an errors row', async () => {
      const down = new CouponServiceError('GET /coupons/v1/prices answered 503', 'transient', 503, 'sandbox:4100');
      client.searchByName.mockRejectedValue(down);
      await expect(service.runBestPrice(job<BestPricePayload>({ drugName: 'x' }, 'user-1'))).rejects.toBe(down);
      expect(polling.complete).not.toHaveBeenCalled();

      errors.record.mockResolvedValue('error-1');
      polling.complete.mockResolvedValue(true);
      const last = job<BestPricePayload, string | null>({ drugName: 'x' }, null, true);
      await service.runBestPrice(last);
      expect(polling.complete).toHaveBeenCalledWith(last.pollingEventId, 'failed', {
        message: 'Something went wrong, please try again later',
      });
      expect(errors.record).toHaveBeenCalledWith({
        errorType: 'COUPON_SERVICE_FAILED',
        userId: null,
        host: 'sandbox:4100',
        errorDetails: { operation: 'prices', status: 503, attempt: 2, correlationId: last.pollingEventId, message: down.message },
      });
    });

    it('ends failed at once on a permanent failure (no retry helps a 401)', async () => {
      client.searchByName.mockRejectedValue(new CouponServiceError('GET /prices answered 401', 'permanent', 401));
      errors.record.mockResolvedValue('error-1');
      polling.complete.mockResolvedValue(true);
      const context = job<BestPricePayload>({ drugName: 'x' }, 'user-1');
      await service.runBestPrice(context);
      expect(polling.complete).toHaveBeenCalledWith(context.pollingEventId, 'failed', { message: PricingTexts.couponSearchFailed });
    });

    it('rethrows what is not the partner (the job fails it with the same text)', async () => {
      const db = new Error('connection terminated');
      client.searchByName.mockRejectedValue(db);
      await expect(service.runBestPrice(job<BestPricePayload>({ drugName: 'x' }, 'user-1', true))).rejects.toBe(db);
    });
  });

  describe('startEnrollment', () => {
    it('keeps the phone as its last four and a sealed copy only; queues the job with the enrollment id', async () => {
      limiter.consume.mockResolvedValue(undefined);
      enrollments.insertPending.mockResolvedValue(undefined);
      enrollments.attachPollingEvent.mockResolvedValue(undefined);
      polling.start.mockResolvedValue('event-2');
      await expect(
        service.startEnrollment({ userPhoneNumber: '(206) 555-0142', drugName: 'Lipitor', ndc: '58151-0155-77' }, 'user-1'),
      ).resolves.toEqual({ pollingEventID: 'event-2' });
      expect(limiter.consume).toHaveBeenCalledWith(COUPON_LIMITS.enrollPerUser, 'user-1');
      const row = enrollments.insertPending.mock.calls[0]![0];
      expect(row).toMatchObject({
        userId: 'user-1',
        phoneLast4: '0142',
        drugName: 'Lipitor',
        ndc11: '58151015577',
      });
      expect(Object.keys(row).sort()).toEqual(['drugName', 'id', 'ndc11', 'phoneEnc', 'phoneLast4', 'userId']);
      expect(row.phoneEnc).not.toContain('2065550142');
      expect(vault.open(row.phoneEnc!, row.id)).toBe('2065550142');
      expect(vault.open(row.phoneEnc!, randomUUID())).toBeNull();
      expect(polling.start).toHaveBeenCalledWith('user-1', ENROLLMENT_KIND, { enrollmentId: row.id });
      expect(JSON.stringify(polling.start.mock.calls)).not.toContain('0142');
      expect(enrollments.attachPollingEvent).toHaveBeenCalledWith(row.id, 'event-2');
    });

    it.each([
      [{ userPhoneNumber: '555-0142' }, 'userPhoneNumber', PricingTexts.phoneInvalid],
      [{}, 'userPhoneNumber', PricingTexts.phoneInvalid],
      [{ userPhoneNumber: '206555014a' }, 'userPhoneNumber', PricingTexts.phoneInvalid],
      [{ userPhoneNumber: '2065550142', ndc: '5815101557' }, 'ndc', PricingTexts.ndcInvalid],
      [{ userPhoneNumber: '2065550142', ndc: 'abc' }, 'ndc', PricingTexts.ndcInvalid],
      [{ userPhoneNumber: '2065550142', drugName: 'x'.repeat(101) }, 'drugName', PricingTexts.tooLong],
    ])('refuses %j with a 400 naming %s', async (body, field, message) => {
      await expect(service.startEnrollment(body as never, 'user-1')).rejects.toMatchObject({
        code: 'PRICING.VALIDATION',
        status: 400,
        fieldErrors: [{ field, message }],
      });
      expect(enrollments.insertPending).not.toHaveBeenCalled();
    });

    it('erases the sealed phone when the job cannot be queued', async () => {
      limiter.consume.mockResolvedValue(undefined);
      enrollments.insertPending.mockResolvedValue(undefined);
      enrollments.finish.mockResolvedValue(true);
      const unavailable = new Error('queue down');
      polling.start.mockRejectedValue(unavailable);
      await expect(service.startEnrollment({ userPhoneNumber: '2065550142' }, 'user-1')).rejects.toBe(unavailable);
      expect(enrollments.finish).toHaveBeenCalledWith(enrollments.insertPending.mock.calls[0]![0].id, { status: 'failed' });
    });
  });

  describe('runEnrollment', () => {
    const pending = (overrides: Partial<CouponEnrollment> = {}): CouponEnrollment => {
      const id = randomUUID();
      return {
        id,
        userId: 'user-1',
        pollingEventId: null,
        phoneLast4: '0142',
        phoneEnc: vault.seal('2065550142', id),
        drugName: 'Lipitor',
        ndc11: '58151015577',
        status: 'pending',
        redemptionUrl: null,
        createdAt: new Date(),
        ...overrides,
      };
    };

    it('enrolls with the opened phone and the enrollment id as idempotency key; complete with the link', async () => {
      const row = pending();
      enrollments.findById.mockResolvedValue(row);
      client.enroll.mockResolvedValue({ status: 'created', redemptionUrl: 'https://coupons.example/redeem/abc' });
      enrollments.finish.mockResolvedValue(true);
      polling.complete.mockResolvedValue(true);
      const context = job<EnrollmentPayload>({ enrollmentId: row.id }, 'user-1');
      await service.runEnrollment(context);
      expect(client.enroll).toHaveBeenCalledWith({ phone: '2065550142', ndc: '58151015577', drugName: 'Lipitor', idempotencyKey: row.id });
      expect(enrollments.finish).toHaveBeenCalledWith(row.id, { status: 'complete', redemptionUrl: 'https://coupons.example/redeem/abc' });
      expect(polling.complete).toHaveBeenCalledWith(context.pollingEventId, 'complete', { link: 'https://coupons.example/redeem/abc' });
    });

    it.each([
      ['duplicate', 'duplicate', PricingTexts.enrollmentDuplicate],
      ['incomplete', 'incomplete', PricingTexts.enrollmentFailed],
      ['failed', 'failed', PricingTexts.enrollmentFailed],
    ] as const)('ends %s with its text', async (partnerStatus, eventStatus, message) => {
      const row = pending();
      enrollments.findById.mockResolvedValue(row);
      client.enroll.mockResolvedValue({ status: partnerStatus, message: 'from the partner' });
      enrollments.finish.mockResolvedValue(true);
      polling.complete.mockResolvedValue(true);
      const context = job<EnrollmentPayload>({ enrollmentId: row.id }, 'user-1');
      await service.runEnrollment(context);
      expect(enrollments.finish).toHaveBeenCalledWith(row.id, { status: partnerStatus, redemptionUrl: null });
      expect(polling.complete).toHaveBeenCalledWith(context.pollingEventId, eventStatus, { message });
    });

    it('keeps the sealed phone for a retry of a transient failure, erases it after the last one', async () => {
      const row = pending();
      enrollments.findById.mockResolvedValue(row);
      const down = new CouponServiceError('POST /enrollments timed out after 5000 ms', 'transient');
      client.enroll.mockRejectedValue(down);
      await expect(service.runEnrollment(job<EnrollmentPayload>({ enrollmentId: row.id }, 'user-1'))).rejects.toBe(down);
      expect(enrollments.finish).not.toHaveBeenCalled();

      enrollments.finish.mockResolvedValue(true);
      errors.record.mockResolvedValue('e');
      polling.complete.mockResolvedValue(true);
      const last = job<EnrollmentPayload>({ enrollmentId: row.id }, 'user-1', true);
      await service.runEnrollment(last);
      expect(enrollments.finish).toHaveBeenCalledWith(row.id, { status: 'failed' });
      expect(polling.complete).toHaveBeenCalledWith(last.pollingEventId, 'failed', { message: PricingTexts.enrollmentFailed });
    });

    it('answers an enrollment already answered with the same outcome, without calling the coupon service again', async () => {
      const row = pending({ status: 'complete', phoneEnc: null, redemptionUrl: 'https://coupons.example/redeem/abc' });
      enrollments.findById.mockResolvedValue(row);
      polling.complete.mockResolvedValue(true);
      const context = job<EnrollmentPayload>({ enrollmentId: row.id }, 'user-1');
      await service.runEnrollment(context);
      expect(polling.complete).toHaveBeenCalledWith(context.pollingEventId, 'complete', { link: 'https://coupons.example/redeem/abc' });
    });

    it("never enrolls another member's row", async () => {
      enrollments.findById.mockResolvedValue(pending({ userId: 'user-2' }));
      polling.complete.mockResolvedValue(true);
      const context = job<EnrollmentPayload>({ enrollmentId: randomUUID() }, 'user-1');
      await service.runEnrollment(context);
      expect(polling.complete).toHaveBeenCalledWith(context.pollingEventId, 'failed', { message: PricingTexts.enrollmentFailed });
    });
  });

  describe('checkSavings', () => {
    const request = { ndcList: ['58151-0155-77', '5815101557'], phoneNumber: '206-555-0142', zipCode: '98501', pharmacyNPI: '1104000017' };

    it('asks for every 11-digit form of ten bare digits and formats the answer', async () => {
      limiter.consume.mockResolvedValue(undefined);
      client.checkSavings.mockResolvedValue({
        asOf: '2026-04-29',
        results: [
          {
            ndc: '58151015577',
            fdaNdc: '58151-0155-77',
            drugName: 'LIPITOR 10 MG TABLET',
            retailPrice: 537.82,
            bestPrice: 420.3,
            savings: 117.52,
            pharmacy: 'Riverside Drug',
            priceDate: '2026-01-01',
          },
        ],
        notFound: [],
        invalid: [],
      });
      const before = Date.now();
      const answer = await service.checkSavings(request, 'user-1');
      expect(client.checkSavings).toHaveBeenCalledWith({
        ndcs: ['58151015577', '05815101557', '58151001557', '58151015507'],
        zip: '98501',
        pharmacyNpi: '1104000017',
        phone: '2065550142',
      });
      expect(answer).toEqual({
        results: [
          {
            ndc: '58151015577',
            fdaNdc: '58151-0155-77',
            drugName: 'LIPITOR 10 MG TABLET',
            retailPrice: '$537.82',
            bestPrice: '$420.30',
            savings: '$117.52',
            pharmacy: 'Riverside Drug',
          },
        ],
        rawResponse: { timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) },
        message: 'Savings found for 1 of 2 NDCs',
        asOf: '2026-04-29',
      });
      expect(Date.parse(answer.rawResponse.timestamp)).toBeGreaterThanOrEqual(before);
      expect(JSON.stringify(answer)).not.toContain('2065550142');
      expect(errors.record).not.toHaveBeenCalled();
    });

    it('records savings amounts that are not amounts as DRUG_PRICE_INVALID and shows them as N/A', async () => {
      limiter.consume.mockResolvedValue(undefined);
      errors.record.mockResolvedValue('e');
      client.checkSavings.mockResolvedValue({
        asOf: null,
        results: [
          {
            ndc: '58151015577',
            fdaNdc: '58151-0155-77',
            drugName: 'LIPITOR 10 MG TABLET',
            retailPrice: null,
            bestPrice: 420.3,
            savings: null,
            pharmacy: 'Riverside Drug',
            priceDate: null,
          },
        ],
        notFound: [],
        invalid: [{ ndc: '58151015577', reason: 'results[0].retailPrice is not an amount' }],
      });
      const answer = await service.checkSavings(request, 'user-1');
      expect(answer.results[0]).toMatchObject({ retailPrice: 'N/A', bestPrice: '$420.30' });
      expect(errors.record).toHaveBeenCalledWith({
        errorType: 'DRUG_PRICE_INVALID',
        errorDetails: { ndc: '58151015577', source: 'coupon-service', reason: 'results[0].retailPrice is not an amount' },
      });
    });

    it('answers 400 naming the field before anything else', async () => {
      await expect(service.checkSavings({ ...request, ndcList: [] }, 'user-1')).rejects.toMatchObject({
        status: 400,
        code: 'PRICING.VALIDATION',
        fieldErrors: [{ field: 'ndcList', message: PricingTexts.ndcListEmpty }],
      });
      await expect(service.checkSavings({ ...request, pharmacyNPI: '12' }, 'user-1')).rejects.toMatchObject({
        fieldErrors: [{ field: 'pharmacyNPI', message: PricingTexts.pharmacyNpiInvalid }],
      });
    });

    it('answers 502 with the spec text when the coupon service fails', async () => {
      limiter.consume.mockResolvedValue(undefined);
      client.checkSavings.mockRejectedValue(new CouponServiceError('POST /savings answered 503', 'transient', 503));
      errors.record.mockResolvedValue('e');
      await expect(service.checkSavings(request, 'user-1')).rejects.toMatchObject({
        status: 502,
        code: 'PRICING.COUPON_SERVICE_FAILED',
        message: 'Something went wrong generating savings, please try again later.',
      });
      expect(errors.record).toHaveBeenCalledWith(expect.objectContaining({ errorType: 'COUPON_SERVICE_FAILED', userId: 'user-1' }));
    });
  });

  describe('endStaleEnrollments', () => {
    it('ends enrollments pending over an hour as failed and their still-pending events with the text to show', async () => {
      enrollments.failPendingOlderThan.mockResolvedValue([
        { id: 'a', pollingEventId: 'event-a' },
        { id: 'b', pollingEventId: null },
      ]);
      polling.complete.mockResolvedValue(true);
      await service.endStaleEnrollments();
      expect(STALE_ENROLLMENT_SECONDS).toBe(3600);
      expect(enrollments.failPendingOlderThan).toHaveBeenCalledWith(3600);
      expect(polling.complete.mock.calls).toEqual([['event-a', 'failed', { message: PricingTexts.enrollmentFailed }]]);
    });

    it('does nothing more when none is stale', async () => {
      enrollments.failPendingOlderThan.mockResolvedValue([]);
      await service.endStaleEnrollments();
      expect(polling.complete).not.toHaveBeenCalled();
    });
  });
});
