import { ClinicalTrialsTexts, DEFAULT_TRIAL_RADIUS_MILES } from '@healthlink/contracts';
import { strictMock } from '../../../test/utils/strict-mock';
import type { PatientInfoRepository } from '../accounts';
import type { RateLimiter } from '../auth';
import type { MemberDiagnosesReader } from '../health-data';
import type { PollingJobContext, PollingService } from '../polling';
import { ClinicalTrialsError, type ClinicalTrialsClient } from './clinical-trials.client';
import { TrialsReferenceData } from './reference/trials-reference-data';
import {
  inputsHash,
  mapBounded,
  PENDING_REUSE_MS,
  TRIALS_KIND,
  TRIALS_LIMITS,
  TRIALS_POLL_INTERVAL_MS,
  TrialsService,
  type TrialsJobPayload,
} from './trials.service';
import { TrialsError } from './trials.errors';
import type { TrialsRepository } from './trials.repository';

const job = (overrides: Partial<PollingJobContext<TrialsJobPayload>> = {}): PollingJobContext<TrialsJobPayload> => ({
  pollingEventId: 'event-1',
  ownerUserId: 'user-1',
  payload: { radiusMiles: 100 },
  queuedAt: new Date(),
  attempt: 1,
  isLastAttempt: false,
  ...overrides,
});

describe('TrialsService', () => {
  let polling: jest.Mocked<PollingService>;
  let client: jest.Mocked<ClinicalTrialsClient>;
  let repository: jest.Mocked<TrialsRepository>;
  let diagnoses: jest.Mocked<MemberDiagnosesReader>;
  let patientInfo: jest.Mocked<PatientInfoRepository>;
  let limiter: jest.Mocked<RateLimiter>;
  let service: TrialsService;

  beforeEach(() => {
    polling = strictMock<PollingService>();
    client = strictMock<ClinicalTrialsClient>();
    repository = strictMock<TrialsRepository>();
    diagnoses = strictMock<MemberDiagnosesReader>();
    patientInfo = strictMock<PatientInfoRepository>();
    limiter = strictMock<RateLimiter>();
    service = new TrialsService(polling, client, repository, diagnoses, patientInfo, new TrialsReferenceData(), limiter);
    diagnoses.diagnosesOf.mockResolvedValue([{ code: 'E119', display: null, sources: ['claim'] }]);
    patientInfo.listForUser.mockResolvedValue([
      { id: 'p', userId: 'user-1', source: 'uhc', postalCode: '20814-1234', birthdate: '1960-01-01', gender: 'male' } as never,
    ]);
    repository.findMatch.mockResolvedValue(null);
    polling.complete.mockResolvedValue(true);
  });

  describe('retrieve', () => {
    beforeEach(() => limiter.consume.mockResolvedValue(undefined));

    it('starts the search with the default radius, polled every 250 ms', async () => {
      polling.start.mockResolvedValue('event-9');
      polling.getForViewer.mockResolvedValue({ status: 'complete', pollInterval: TRIALS_POLL_INTERVAL_MS, response: null });
      await expect(service.retrieve('user-1', {})).resolves.toEqual({ pollingEventID: 'event-9' });
      expect(polling.start).toHaveBeenCalledWith(
        'user-1',
        TRIALS_KIND,
        { radiusMiles: DEFAULT_TRIAL_RADIUS_MILES },
        TRIALS_POLL_INTERVAL_MS,
      );
      await service.retrieve('user-1', { radius: ' 50 ' });
      expect(polling.start).toHaveBeenLastCalledWith('user-1', TRIALS_KIND, { radiusMiles: 50 }, TRIALS_POLL_INTERVAL_MS);
    });

    it.each(['0', '501', '-5', '1e2', 'ten', '12.5'])('radius=%s is a 400 naming radius', async (radius) => {
      const error = await service.retrieve('user-1', { radius }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(TrialsError);
      expect(error).toMatchObject({
        status: 400,
        code: 'TRIALS.VALIDATION',
        fieldErrors: [{ field: 'radius', message: ClinicalTrialsTexts.radiusInvalid }],
      });
      expect(polling.start).not.toHaveBeenCalled();
      expect(limiter.consume).not.toHaveBeenCalled();
    });

    it('counts the member limit first: past it the 429 goes out and no search starts', async () => {
      const tooMany = Object.assign(new Error('Too many requests'), { status: 429 });
      limiter.consume.mockRejectedValue(tooMany);
      await expect(service.retrieve('user-1', { radius: '25' })).rejects.toBe(tooMany);
      expect(limiter.consume).toHaveBeenCalledWith(TRIALS_LIMITS.retrievePerUser, 'user-1');
      expect(TRIALS_LIMITS.retrievePerUser).toEqual({ name: 'trials-retrieve', max: 20, windowSeconds: 900 });
      expect(polling.start).not.toHaveBeenCalled();
    });

    it("answers the member's pending search for the same radius instead of queueing another", async () => {
      polling.start.mockResolvedValueOnce('event-a').mockResolvedValueOnce('event-b').mockResolvedValueOnce('event-c');
      polling.getForViewer.mockResolvedValue({ status: 'pending', pollInterval: TRIALS_POLL_INTERVAL_MS, response: null });
      // Two requests at once share one start.
      const [first, second] = await Promise.all([service.retrieve('user-1', {}), service.retrieve('user-1', { radius: '100' })]);
      expect(first).toEqual({ pollingEventID: 'event-a' });
      expect(second).toEqual({ pollingEventID: 'event-a' });
      expect(polling.getForViewer).toHaveBeenCalledWith('event-a', 'user-1');
      // Another radius, or another member, is another search.
      await expect(service.retrieve('user-1', { radius: '10' })).resolves.toEqual({ pollingEventID: 'event-b' });
      await expect(service.retrieve('user-2', {})).resolves.toEqual({ pollingEventID: 'event-c' });
      expect(polling.start).toHaveBeenCalledTimes(3);
      // Every request counted its limit, reused or not.
      expect(limiter.consume).toHaveBeenCalledTimes(4);
    });

    it('starts a new search once the pending one has ended, was deleted, or is older than PENDING_REUSE_MS', async () => {
      let now = 1_000_000;
      service.now = () => now;
      polling.start.mockResolvedValueOnce('event-a').mockResolvedValueOnce('event-b').mockResolvedValueOnce('event-c');
      polling.start.mockResolvedValueOnce('event-d');
      await service.retrieve('user-1', {});

      polling.getForViewer.mockResolvedValueOnce({ status: 'complete', pollInterval: 250, response: null });
      await expect(service.retrieve('user-1', {})).resolves.toEqual({ pollingEventID: 'event-b' });

      polling.getForViewer.mockRejectedValueOnce(new Error('Polling event not found'));
      await expect(service.retrieve('user-1', {})).resolves.toEqual({ pollingEventID: 'event-c' });

      now += PENDING_REUSE_MS + 1;
      polling.getForViewer.mockClear();
      await expect(service.retrieve('user-1', {})).resolves.toEqual({ pollingEventID: 'event-d' });
      expect(polling.getForViewer).not.toHaveBeenCalled();
    });

    it('a start that fails is not reused: the next request starts again', async () => {
      const unavailable = new Error('The job could not be queued; try again');
      polling.start.mockRejectedValueOnce(unavailable).mockResolvedValueOnce('event-2');
      await expect(service.retrieve('user-1', {})).rejects.toBe(unavailable);
      await expect(service.retrieve('user-1', {})).resolves.toEqual({ pollingEventID: 'event-2' });
      expect(polling.getForViewer).not.toHaveBeenCalled();
    });

    it('a search that ended through its job is forgotten at once', async () => {
      polling.start.mockResolvedValueOnce('event-1').mockResolvedValueOnce('event-2');
      client.dataTimestamp.mockResolvedValue('2025-11-28T00:00:00');
      client.searchStudies.mockResolvedValue({ studies: [], pages: 1, truncated: false });
      repository.saveMatch.mockResolvedValue(undefined);
      await service.retrieve('user-1', { radius: '100' });
      await service.runJob(job());
      await expect(service.retrieve('user-1', { radius: '100' })).resolves.toEqual({ pollingEventID: 'event-2' });
      expect(polling.getForViewer).not.toHaveBeenCalled();
    });
  });

  describe('runJob', () => {
    it('a transient registry failure before the last attempt is thrown for the retry', async () => {
      client.dataTimestamp.mockRejectedValue(new ClinicalTrialsError('GET /api/v2/version answered 503', 'transient', 503));
      client.searchStudies.mockRejectedValue(new ClinicalTrialsError('GET /api/v2/studies answered 503', 'transient', 503));
      await expect(service.runJob(job())).rejects.toBeInstanceOf(ClinicalTrialsError);
      expect(polling.complete).not.toHaveBeenCalled();
    });

    it("on the last attempt, or a permanent failure, the event ends error with the spec's text", async () => {
      client.dataTimestamp.mockResolvedValue('2025-11-28T00:00:00');
      client.searchStudies.mockRejectedValue(new ClinicalTrialsError('GET /api/v2/studies timed out after 10000 ms', 'transient'));
      await service.runJob(job({ attempt: 2, isLastAttempt: true }));
      expect(polling.complete).toHaveBeenCalledWith('event-1', 'error', { message: ClinicalTrialsTexts.widgetFailed });

      client.searchStudies.mockRejectedValue(new ClinicalTrialsError('GET /api/v2/studies answered 400', 'permanent', 400));
      await service.runJob(job());
      expect(polling.complete).toHaveBeenLastCalledWith('event-1', 'error', { message: ClinicalTrialsTexts.widgetFailed });
    });

    it('anything else is thrown (the job retries, then fails with the failure response)', async () => {
      repository.findMatch.mockRejectedValue(new Error('connection reset'));
      await expect(service.runJob(job({ isLastAttempt: true }))).rejects.toThrow('connection reset');
      expect(polling.complete).not.toHaveBeenCalled();
    });

    it('reads ZIP+4 as its 5 digits and searches with the member home and radius', async () => {
      client.dataTimestamp.mockResolvedValue('2025-11-28T00:00:00');
      client.searchStudies.mockResolvedValue({ studies: [], pages: 1, truncated: false });
      repository.saveMatch.mockResolvedValue();
      await service.runJob(job());
      expect(client.searchStudies).toHaveBeenCalledWith(
        expect.objectContaining({
          cond: 'type 2 diabetes',
          geo: { lat: expect.closeTo(39.005, 2), lon: expect.closeTo(-77.103, 2), miles: 100 },
        }),
      );
      expect(polling.complete).toHaveBeenCalledWith(
        'event-1',
        'complete',
        expect.objectContaining({ zip: '20814', trials: [], asOf: '2025-11-28' }),
      );
    });
  });

  it('the inputs hash changes with every input and not with their order', () => {
    const base = {
      diagnoses: [
        { code: 'E119', display: null, sources: ['claim' as const] },
        { code: 'I10', display: null, sources: ['condition' as const] },
      ],
      birthdate: '1960-01-01',
      sex: 'male' as const,
      zip: '20814',
    };
    const hash = inputsHash(base, 100);
    expect(inputsHash({ ...base, diagnoses: [...base.diagnoses].reverse() }, 100)).toBe(hash);
    const changed = [
      inputsHash({ ...base, diagnoses: base.diagnoses.slice(1) }, 100),
      inputsHash({ ...base, birthdate: '1960-01-02' }, 100),
      inputsHash({ ...base, sex: 'female' }, 100),
      inputsHash({ ...base, zip: '20815' }, 100),
      inputsHash(base, 50),
    ];
    expect(new Set([hash, ...changed]).size).toBe(6);
  });

  it('mapBounded runs at most `limit` at once and keeps the order', async () => {
    let running = 0;
    let peak = 0;
    const out = await mapBounded([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
      return n * 2;
    });
    expect(out).toEqual([2, 4, 6, 8, 10, 12, 14]);
    expect(peak).toBe(3);
  });
});
