import { InsurerTexts } from '@healthlink/contracts';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { ErrorRecorder } from '../../common/errors';
import type { AppConfig } from '../../config';
import type { DataSource, EntityManager } from 'typeorm';
import type { HealthDataService } from '../health-data';
// The projection the fetched page goes to (health-data's), to see what a page read by id becomes.
import { medicationsById, prescriptionFromMedicationRequest } from '../health-data/fhir-projections';
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

  describe('the drugs operation', () => {
    const BASE = 'https://humana.test/fhir/';
    const request = {
      resourceType: 'MedicationRequest',
      id: 'pdex-MedicationRequest',
      status: 'active',
      authoredOn: '2025-01-17',
      medicationReference: { reference: 'Medication/pdex-Medication', display: 'Humulin R' },
    };
    const medication = {
      resourceType: 'Medication',
      id: 'pdex-Medication',
      code: {
        coding: [
          { system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '311036', display: 'Humulin R 100 UNT/ML Injectable Solution' },
        ],
      },
    };
    const dispense = {
      resourceType: 'MedicationDispense',
      id: 'pdex-MedicationDispense',
      status: 'completed',
      medicationCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: '0002-8215-01' }] },
    };
    const pages = (byType: Record<string, Record<string, unknown>[] | Error>) =>
      jest.mocked(searchPages).mockImplementation(async (url, _token, onPage) => {
        const type = new URL(url).pathname.split('/').pop()!;
        const answer = byType[type] ?? [];
        if (answer instanceof Error) throw answer;
        await onPage(answer);
      });
    const urls = () => jest.mocked(searchPages).mock.calls.map(([url]) => url);

    beforeEach(() => jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined));

    it('searches MedicationRequest with its Medications included, then MedicationDispense, for the link patient', async () => {
      pages({ MedicationRequest: [request, medication], MedicationDispense: [dispense] });
      const { service, ingest } = fetchService();
      expect(await service.fetchInto(link, 'getPatientDrugs')).toMatchObject({ stored: 3 });
      expect(urls()).toEqual([
        `${BASE}MedicationRequest?patient=p%201&_count=50&_include=MedicationRequest:medication`,
        `${BASE}MedicationDispense?patient=p%201&_count=50&_include=MedicationDispense:medication`,
      ]);
      expect(fhirRead).not.toHaveBeenCalled();
      expect(ingest.mock.calls.map(([, , resources]) => resources)).toEqual([[request, medication], [dispense]]);
    });

    it('reads by id, through the same client and once per fetch, a Medication the page names but does not carry', async () => {
      pages({ MedicationRequest: [request, { ...request, id: 'refill' }] });
      jest.mocked(searchPages).mockImplementationOnce(async (_url, _token, onPage) => {
        await onPage([request]);
        await onPage([{ ...request, id: 'refill' }]);
      });
      const read = jest.mocked(fhirRead).mockResolvedValue(medication);
      const { service, ingest } = fetchService();
      await service.fetchInto(link, 'getPatientDrugs');
      expect(read.mock.calls.map(([url]) => url)).toEqual([`${BASE}Medication/pdex-Medication`]);
      const [first] = ingest.mock.calls.map(([, , resources]) => resources);
      expect(first).toEqual([request, medication]);
      // What health-data makes of the page: the request's drug by the Medication read.
      expect(prescriptionFromMedicationRequest(first![0]!, medicationsById(first!))).toMatchObject({
        drugName: 'Humulin R 100 UNT/ML Injectable Solution',
        rxcui: '311036',
      });
      expect(ingest.mock.calls[1]![2]).toEqual([{ ...request, id: 'refill' }, medication]);
    });

    it('stores the page without the Medication when its read fails: the drug keeps the name the reference gives', async () => {
      pages({ MedicationRequest: [request] });
      jest.mocked(fhirRead).mockRejectedValue(new PartnerPermanentError('/fhir/Medication/{id} answered 404', 404, 'humana.test'));
      const { service, ingest } = fetchService();
      await expect(service.fetchInto(link, 'getPatientDrugs')).resolves.toMatchObject({ stored: 1 });
      const [resources] = ingest.mock.calls.map(([, , r]) => r);
      expect(resources).toEqual([request]);
      expect(prescriptionFromMedicationRequest(request, medicationsById(resources!))).toMatchObject({ drugName: 'Humulin R', rxcui: null });
    });

    it('asks again without _include when the server refuses it', async () => {
      const refused = new PartnerPermanentError('/fhir/MedicationRequest answered 400', 400, 'humana.test');
      jest.mocked(searchPages).mockImplementation(async (url, _token, onPage) => {
        if (url.includes('_include')) throw refused;
        await onPage([]);
      });
      const { service } = fetchService();
      await service.fetchInto(link, 'getPatientDrugs', new Date('2026-11-24T08:00:00Z'));
      expect(urls()).toEqual([
        `${BASE}MedicationRequest?patient=p%201&_count=50&_include=MedicationRequest:medication&_lastUpdated=gt2026-11-24T08:00:00Z`,
        `${BASE}MedicationRequest?patient=p%201&_count=50&_lastUpdated=gt2026-11-24T08:00:00Z`,
        `${BASE}MedicationDispense?patient=p%201&_count=50&_include=MedicationDispense:medication&_lastUpdated=gt2026-11-24T08:00:00Z`,
        `${BASE}MedicationDispense?patient=p%201&_count=50&_lastUpdated=gt2026-11-24T08:00:00Z`,
      ]);
    });

    it('searches MedicationDispense only where the member shared it, and reads no Medication the scope does not allow', async () => {
      pages({ MedicationRequest: [request] });
      const { service, ingest } = fetchService();
      await service.fetchInto({ ...link, scope: 'launch/patient patient/MedicationRequest.read' }, 'getPatientDrugs');
      expect(urls()).toEqual([`${BASE}MedicationRequest?patient=p%201&_count=50&_include=MedicationRequest:medication`]);
      expect(fhirRead).not.toHaveBeenCalled();
      expect(ingest.mock.calls.map(([, , resources]) => resources)).toEqual([[request]]);
    });

    it('keeps the operation whole when the server has no MedicationDispense, and fetches dispenses when requests are refused', async () => {
      pages({
        MedicationRequest: [request, medication],
        MedicationDispense: new PartnerPermanentError('answered 404', 404, 'humana.test'),
      });
      const { service } = fetchService();
      await expect(service.fetchInto(link, 'getPatientDrugs')).resolves.toEqual(expect.objectContaining({ stored: 2 }));

      pages({ MedicationRequest: new PartnerPermanentError('answered 403', 403, 'humana.test'), MedicationDispense: [dispense] });
      const outcome = await service.fetchInto(link, 'getPatientDrugs');
      expect(outcome).toMatchObject({ stored: 1 });
      expect(outcome.notShared).toBeUndefined();

      pages({
        MedicationRequest: new PartnerPermanentError('answered 403', 403, 'humana.test'),
        MedicationDispense: new PartnerPermanentError('answered 403', 403, 'humana.test'),
      });
      await expect(service.fetchInto(link, 'getPatientDrugs')).resolves.toMatchObject({ stored: 0, notShared: true });

      // The operation's own type failing otherwise fails the operation.
      pages({ MedicationRequest: new PartnerPermanentError('answered 404', 404, 'humana.test') });
      await expect(service.fetchInto(link, 'getPatientDrugs')).rejects.toMatchObject({ status: 404 });
    });
  });
});
