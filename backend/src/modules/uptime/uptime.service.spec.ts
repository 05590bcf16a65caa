import { CommonErrorCode, INSURER_CATALOGUE, INSURER_KEYS } from '@healthlink/contracts';
import { HttpStatus, Logger } from '@nestjs/common';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ConfigService } from '@nestjs/config';
import { strictMock } from '../../../test/utils/strict-mock';
import { AppError } from '../../common/errors';
import type { AppConfig } from '../../config';
import type { RateLimiter } from '../auth';
import type { UptimeRepository } from './uptime.repository';
import { historyEntry, UPTIME_CACHE_MS, UPTIME_CHECK_LIMIT, UptimeService } from './uptime.service';

// Every insurer points at a port nothing listens on: each check fails fast and for real (no mocked fetch).
let nowhere = '';
const config = {
  get: (key: string) =>
    key === 'insurers'
      ? {
          endpoints: Object.fromEntries(
            INSURER_KEYS.map((k) => [k, { fhirBaseUrl: `${nowhere}/insurers/${k}/fhir`, tokenUrl: `${nowhere}/insurers/${k}/token` }]),
          ),
        }
      : undefined,
} as unknown as ConfigService<AppConfig, true>;

beforeAll(async () => {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  nowhere = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe('UptimeService', () => {
  let repository: jest.Mocked<UptimeRepository>;
  let limiter: jest.Mocked<RateLimiter>;
  let service: UptimeService;
  let fetchSpy: jest.SpyInstance;

  beforeEach(() => {
    repository = strictMock<UptimeRepository>();
    limiter = strictMock<RateLimiter>();
    limiter.consume.mockResolvedValue(undefined);
    service = new UptimeService(repository, limiter, config);
    fetchSpy = jest.spyOn(globalThis, 'fetch');
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('checks every insurer of the catalogue once, the coming-soon ones as UNTESTABLE', async () => {
    const results = await service.check('203.0.113.9');
    const linkable = INSURER_CATALOGUE.filter((e) => e.id === e.insurer);
    const comingSoon = INSURER_CATALOGUE.filter((e) => e.insurer === null);
    expect(results.map((r) => r.insurer)).toEqual(
      INSURER_CATALOGUE.filter((e) => e.id === e.insurer || e.insurer === null).map((e) => e.name),
    );
    expect(results.filter((r) => r.status === 'UNREACHABLE')).toHaveLength(linkable.length);
    expect(results.filter((r) => r.status === 'UNTESTABLE').map((r) => r.insurer)).toEqual(comingSoon.map((e) => e.name));
    expect(limiter.consume).toHaveBeenCalledWith(UPTIME_CHECK_LIMIT, '203.0.113.9');
  });

  it('answers a burst from one check, and checks again once the result is 30 s old', async () => {
    const now = jest.spyOn(Date, 'now').mockReturnValue(1_000_000);
    const [first, second] = await Promise.all([service.check('203.0.113.9'), service.check('198.51.100.7')]);
    expect(second).toEqual(first);
    const requests = fetchSpy.mock.calls.length;
    expect(requests).toBeGreaterThan(0);
    now.mockReturnValue(1_000_000 + UPTIME_CACHE_MS - 1);
    await service.check('203.0.113.9');
    expect(fetchSpy.mock.calls.length).toBe(requests);
    now.mockReturnValue(1_000_000 + UPTIME_CACHE_MS);
    await service.check('203.0.113.9');
    expect(fetchSpy.mock.calls.length).toBe(2 * requests);
    // Every call is counted against its address, cached or not.
    expect(limiter.consume).toHaveBeenCalledTimes(4);
  });

  it('checks nothing for an address over its limit', async () => {
    limiter.consume.mockRejectedValue(new AppError(CommonErrorCode.TooManyRequests, HttpStatus.TOO_MANY_REQUESTS, 'Too many attempts.'));
    await expect(service.check('203.0.113.9')).rejects.toMatchObject({ status: HttpStatus.TOO_MANY_REQUESTS });
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('stores a scheduled run at its tick and prunes the runs older than 30 days', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(Date.parse('2026-11-26T12:00:00Z'));
    repository.insertRun.mockResolvedValue(undefined);
    repository.deleteOlderThan.mockResolvedValue(3);
    const tick = new Date('2026-11-26T11:55:00Z');
    await service.runScheduled(tick);
    const [at, records] = repository.insertRun.mock.calls[0];
    expect(at).toBe(tick);
    expect(records).toContainEqual({
      insurer: 'uhc',
      status: 'UNREACHABLE',
      responseTimeMs: expect.any(Number),
      message: 'connection refused',
    });
    expect(records).toContainEqual({ insurer: 'molina', status: 'UNTESTABLE', responseTimeMs: null, message: 'No endpoint configured' });
    expect(repository.deleteOlderThan).toHaveBeenCalledWith(new Date('2026-10-27T12:00:00Z'));
  });
});

describe('historyEntry', () => {
  const day = (iso: string, over: object) => ({
    insurer: 'uhc',
    day: new Date(iso),
    checks: 288,
    passed: 288,
    untestable: 0,
    lastFailure: null,
    medianResponseTimeMs: 40,
    ...over,
  });

  it('counts the share of testable runs that passed; a day with a failure shows its last failure', () => {
    const entry = historyEntry('UnitedHealthcare', [
      day('2026-11-24T00:00:00Z', {}),
      day('2026-11-25T00:00:00Z', { passed: 276, lastFailure: 'TIMEOUT' }),
      day('2026-11-26T00:00:00Z', { checks: 144, passed: 0, untestable: 144, medianResponseTimeMs: null }),
    ]);
    expect(entry.uptime).toBeCloseTo(564 / 576);
    expect(entry.samples).toEqual([
      { checkedAt: '2026-11-24T00:00:00.000Z', status: 'PASS', responseTime: 40, checks: 288, passed: 288 },
      { checkedAt: '2026-11-25T00:00:00.000Z', status: 'TIMEOUT', responseTime: 40, checks: 288, passed: 276 },
      { checkedAt: '2026-11-26T00:00:00.000Z', status: 'UNTESTABLE', responseTime: null, checks: 144, passed: 0 },
    ]);
  });

  it('has no uptime without a testable run', () => {
    expect(historyEntry('Molina Healthcare', []).uptime).toBeNull();
    expect(historyEntry('Molina Healthcare', [day('2026-11-26T00:00:00Z', { passed: 0, untestable: 288 })]).uptime).toBeNull();
  });
});
