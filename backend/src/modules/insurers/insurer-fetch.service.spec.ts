import { InsurerTexts } from '@healthlink/contracts';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { ErrorRecorder } from '../../common/errors';
import type { AppConfig } from '../../config';
import type { HealthDataService } from '../health-data';
import type { PollingJobContext, PollingService } from '../polling';
import { InsurerFetchService } from './insurer-fetch.service';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import type { InsurersRepository } from './insurers.repository';
import type { FetchPayload } from './insurers.service';
import type { InsurerTokensService } from './insurer-tokens.service';
import type { TokenCipher } from './token-cipher';

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
