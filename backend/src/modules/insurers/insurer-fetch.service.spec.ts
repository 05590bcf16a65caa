import { InsurerTexts } from '@healthlink/contracts';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { ErrorRecorder } from '../../common/errors';
import type { AppConfig } from '../../config';
import type { DataSource, EntityManager } from 'typeorm';
import type { HealthDataService } from '../health-data';
import type { PollingJobContext, PollingService } from '../polling';
import { InsurerFetchService } from './insurer-fetch.service';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import { read as fhirRead, searchPages } from './adapters/fhir.client';
import type { InsurerLink, InsurersRepository } from './insurers.repository';
import type { FetchPayload } from './insurers.service';
import type { InsurerTokensService } from './insurer-tokens.service';
import type { TokenCipher } from './token-cipher';

jest.mock('./adapters/fhir.client', () => ({
  ...jest.requireActual<typeof import('./adapters/fhir.client')>('./adapters/fhir.client'),
  searchPages: jest.fn(),
  read: jest.fn(),
}));

const job = (overrides: Partial<PollingJobContext<FetchPayload>> = {}): PollingJobContext<FetchPayload> => ({
  pollingEventId: 'event-1',
  ownerUserId: 'user-1',
  payload: { insurer: 'humana', operation: 'getPatientEOB' },
  queuedAt: new Date(),
  attempt: 1,
  isLastAttempt: true,
  ...overrides,
});

function setUp() {
  const polling = { complete: jest.fn<Promise<void>, Parameters<PollingService['complete']>>().mockResolvedValue(undefined) };
  const repository = { findLink: jest.fn<ReturnType<InsurersRepository['findLink']>, Parameters<InsurersRepository['findLink']>>() };
  const errors = { record: jest.fn<Promise<string>, Parameters<ErrorRecorder['record']>>().mockResolvedValue('error-1') };
  const service = new InsurerFetchService(
    polling as unknown as PollingService,
    repository as unknown as InsurersRepository,
    {} as InsurerTokensService,
    {} as TokenCipher,
    {} as HealthDataService,
    errors as unknown as ErrorRecorder,
    {} as ConfigService<AppConfig, true>,
    {} as DataSource,
  );
  return { service, polling, repository, errors };
}

describe('InsurerFetchService: failures of a job', () => {
  beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('writes a database error to the errors row cleaned: a value its message quotes is withheld', async () => {
    const { service, polling, repository, errors } = setUp();
    const failure = Object.assign(new Error('invalid input syntax for type uuid: "jane.doe@example.com"'), {
      code: '22P02',
      detail: 'Key (email)=(jane.doe@example.com)',
    });
    repository.findLink.mockRejectedValue(failure);
    await service.fetchOperation(job());
    const row = errors.record.mock.calls[0]![0];
    expect(row).toMatchObject({ errorType: 'INSURER_FETCH_FAILED', userId: 'user-1', insurerName: 'Humana', host: null });
    expect(row.errorDetails).toMatchObject({
      step: 'getPatientEOB',
      status: null,
      correlationId: 'event-1',
      message: expect.stringContaining('[withheld]'),
    });
    expect(JSON.stringify(row)).not.toContain('jane.doe');
    expect(polling.complete).toHaveBeenCalledWith('event-1', 'failed', { insurer: 'humana', message: InsurerTexts.fetchFailed });
  });

  it("keeps a partner's message, host and status", async () => {
    const { service, repository, errors } = setUp();
    repository.findLink.mockRejectedValue(new PartnerPermanentError('/fhir/ExplanationOfBenefit answered 403', 403, 'insurer.test'));
    await service.fetchOperation(job({ isLastAttempt: false }));
    expect(errors.record.mock.calls[0]![0]).toMatchObject({
      host: 'insurer.test',
      errorDetails: { status: 403, message: '/fhir/ExplanationOfBenefit answered 403' },
    });
  });

  it('hands a transient failure back to pg-boss for a retry until the last attempt, recording nothing', async () => {
    const { service, polling, repository, errors } = setUp();
    const failure = new PartnerTransientError('/fhir/ExplanationOfBenefit answered 503', 503, 'insurer.test');
    repository.findLink.mockRejectedValue(failure);
    await expect(service.fetchOperation(job({ isLastAttempt: false }))).rejects.toBe(failure);
    expect(errors.record).not.toHaveBeenCalled();
    expect(polling.complete).not.toHaveBeenCalled();
  });

  it('ends the event as failed when the insurer is no longer linked', async () => {
    const { service, polling, repository } = setUp();
    repository.findLink.mockResolvedValue(null);
    await service.fetchOperation(job({ isLastAttempt: false }));
    expect(polling.complete).toHaveBeenCalledWith('event-1', 'failed', expect.anything());
  });
});

describe('InsurerFetchService.fetchInto: only what changed, for the daily re-sync', () => {
  const link: InsurerLink = {
    id: 'link-1',
    userId: 'user-1',
    insurer: 'humana',
    subset: null,
    patientId: 'p 1',
    accessTokenEnc: 'sealed',
    refreshTokenEnc: null,
    accessExpiresAt: null,
    scope: null,
    status: 'active',
    lastSyncedAt: null,
    relinkNotifiedAt: null,
  };

  const manager = { name: 'page-transaction' } as unknown as EntityManager;

  function fetchService({ linked = true } = {}) {
    const config = { get: () => ({ endpoints: { humana: { fhirBaseUrl: 'https://humana.test/fhir/' } } }) };
    const ingest = jest.fn<ReturnType<HealthDataService['ingest']>, Parameters<HealthDataService['ingest']>>();
    ingest.mockImplementation(async (_user, _insurer, resources) => ({ stored: resources.length, skipped: 0 }) as never);
    const holdLink = jest.fn(async () => linked);
    const dataSource = { transaction: async (work: (m: EntityManager) => Promise<unknown>) => work(manager) };
    const service = new InsurerFetchService(
      {} as PollingService,
      { holdLink } as unknown as InsurersRepository,
      { accessToken: async () => 'token' } as unknown as InsurerTokensService,
      {} as TokenCipher,
      { ingest } as unknown as HealthDataService,
      {} as ErrorRecorder,
      config as unknown as ConfigService<AppConfig, true>,
      dataSource as unknown as DataSource,
    );
    return { service, ingest, holdLink };
  }

  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.mocked(searchPages).mockReset();
    jest.mocked(fhirRead).mockReset();
  });
  afterEach(() => jest.restoreAllMocks());

  it('asks the search for _lastUpdated after `since` (a FHIR instant), for the link patient', async () => {
    const search = jest.mocked(searchPages).mockImplementation(async (_url, _token, onPage) => onPage([{ resourceType: 'x' }]));
    const { service, ingest } = fetchService();
    const result = await service.fetchInto(link, 'getPatientEOB', new Date('2026-11-24T08:00:00.123Z'));
    expect(search.mock.calls.map(([url]) => url)).toEqual([
      'https://humana.test/fhir/ExplanationOfBenefit?patient=p%201&_count=50&_lastUpdated=gt2026-11-24T08:00:00Z',
    ]);
    expect(result.stored).toBe(1);
    expect(ingest).toHaveBeenCalledWith('user-1', 'humana', [{ resourceType: 'x' }], manager);
  });

  it('stores a page only while its link exists, holding the link in the page transaction (an unlink wins)', async () => {
    jest.mocked(searchPages).mockImplementation(async (_url, _token, onPage) => onPage([{ resourceType: 'x' }]));
    const { service, ingest, holdLink } = fetchService({ linked: false });
    await expect(service.fetchInto(link, 'getPatientEOB')).rejects.toThrow('unlinked');
    expect(holdLink).toHaveBeenCalledWith('link-1', manager);
    expect(ingest).not.toHaveBeenCalled();
  });

  it('searches in full when the server refuses _lastUpdated with a 400, and only then', async () => {
    const search = jest.mocked(searchPages).mockImplementation(async (url) => {
      if (url.includes('_lastUpdated')) throw new PartnerPermanentError('/fhir/ExplanationOfBenefit answered 400', 400, 'humana.test');
    });
    const { service } = fetchService();
    await service.fetchInto(link, 'getPatientEOB', new Date('2026-11-24T08:00:00Z'));
    expect(search.mock.calls.map(([url]) => url)).toEqual([
      'https://humana.test/fhir/ExplanationOfBenefit?patient=p%201&_count=50&_lastUpdated=gt2026-11-24T08:00:00Z',
      'https://humana.test/fhir/ExplanationOfBenefit?patient=p%201&_count=50',
    ]);
    search.mockReset().mockRejectedValue(new PartnerPermanentError('/fhir/ExplanationOfBenefit answered 401', 401, 'humana.test'));
    await expect(service.fetchInto(link, 'getPatientEOB', new Date())).rejects.toMatchObject({ status: 401 });
    expect(search).toHaveBeenCalledTimes(1);
  });

  it('reads the patient by id whatever `since` says (a single resource has no search to narrow)', async () => {
    const read = jest.mocked(fhirRead).mockResolvedValue({ resourceType: 'Patient', id: 'p 1' });
    const search = jest.mocked(searchPages);
    const { service } = fetchService();
    await service.fetchInto(link, 'getPatientInformation', new Date());
    expect(read.mock.calls.map(([url]) => url)).toEqual(['https://humana.test/fhir/Patient/p%201']);
    expect(search).not.toHaveBeenCalled();
  });
});
