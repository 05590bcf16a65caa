import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import { strictMock } from '../../../test/utils/strict-mock';
import { buildAccount } from '../../../test/factories/user.factory';
import type { ErrorRecorder } from '../../common/errors';
import type { Mailer } from '../../common/mail';
import type { AppConfig } from '../../config';
import type { JobQueueService } from '../../jobs';
import type { UsersService } from '../auth';
import { Clock } from './clock';
import type { InsurerFetchService } from './insurer-fetch.service';
import { DUE_AFTER_MS, InsurerResyncService, RELINK_NOTICE_QUEUE, RESYNC_LINK_QUEUE, SINCE_MARGIN_MS } from './insurer-resync.service';
import { RefreshRefusedError } from './insurer-tokens.service';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import type { InsurerLink, InsurersRepository } from './insurers.repository';

const NOW = new Date('2026-11-25T08:00:00.000Z');
const HOUR = 3_600_000;

const link = (overrides: Partial<InsurerLink> = {}): InsurerLink => ({
  id: 'link-1',
  userId: 'user-1',
  // FETCH_SETS.aetnaSandbox: getPatientInformation, getPatientEOB, getPatientDrugs
  insurer: 'aetnaSandbox',
  subset: null,
  patientId: 'p-1',
  accessTokenEnc: 'sealed',
  refreshTokenEnc: 'sealed',
  accessExpiresAt: null,
  scope: null,
  status: 'active',
  lastSyncedAt: new Date(NOW.getTime() - 25 * HOUR),
  relinkNotifiedAt: null,
  ...overrides,
});

function setUp() {
  const repository = strictMock<InsurersRepository>();
  const fetcher = strictMock<InsurerFetchService>();
  const queue = strictMock<JobQueueService>();
  const users = strictMock<UsersService>();
  const mailer = strictMock<Mailer>();
  const errors = strictMock<ErrorRecorder>();
  const clock = new Clock();
  jest.spyOn(clock, 'now').mockReturnValue(NOW);
  const settings: Record<string, unknown> = { productName: 'HealthLink', publicUrl: 'https://app.healthlink.test/' };
  const config = { get: (key: string) => settings[key] } as unknown as ConfigService<AppConfig, true>;
  const service = new InsurerResyncService(repository, fetcher, queue, clock, users, mailer, errors, config);
  // The lock is free unless a test says otherwise: the work runs.
  repository.withSyncLock.mockImplementation(async (_id, work) => ({ ran: true, value: await work() }));
  repository.markSynced.mockResolvedValue(undefined);
  fetcher.fetchInto.mockResolvedValue({ stored: 2, totalMs: 5, storeMs: 1 });
  return { service, repository, fetcher, queue, users, mailer, errors };
}

describe('InsurerResyncService', () => {
  beforeEach(() => {
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('the scheduled run', () => {
    it('queues one job per due link, keyed by the link, and the e-mail of each refusal not told yet', async () => {
      const { service, repository, queue } = setUp();
      repository.dueLinkIds.mockResolvedValue(['a', 'b']);
      repository.unnotifiedRelinkIds.mockResolvedValue(['c', 'd']);
      queue.sendBatch.mockResolvedValue(undefined);
      // d was told meanwhile (claimed by someone else): no second e-mail.
      repository.claimRelinkNotice.mockImplementation(async (id) => (id === 'c' ? { userId: 'user-c', insurer: 'cigna' } : null));
      queue.send.mockResolvedValue('job');

      await expect(service.queueDueLinks()).resolves.toEqual({ queued: 2, notices: 1 });
      expect(repository.dueLinkIds).toHaveBeenCalledWith(new Date(NOW.getTime() - DUE_AFTER_MS));
      expect(queue.sendBatch).toHaveBeenCalledWith(RESYNC_LINK_QUEUE, [
        { data: { linkId: 'a' }, singletonKey: 'a' },
        { data: { linkId: 'b' }, singletonKey: 'b' },
      ]);
      expect(repository.claimRelinkNotice).toHaveBeenCalledWith('c', NOW);
      expect(queue.send).toHaveBeenCalledTimes(1);
      expect(queue.send).toHaveBeenCalledWith(RELINK_NOTICE_QUEUE, { userId: 'user-c', insurer: 'cigna' });
    });

    it('gives a claimed e-mail back when it cannot be queued, so the next run tries again', async () => {
      const { service, repository, queue } = setUp();
      repository.dueLinkIds.mockResolvedValue([]);
      queue.sendBatch.mockResolvedValue(undefined);
      repository.unnotifiedRelinkIds.mockResolvedValue(['c']);
      repository.claimRelinkNotice.mockResolvedValue({ userId: 'user-c', insurer: 'cigna' });
      repository.releaseRelinkNotice.mockResolvedValue(undefined);
      queue.send.mockRejectedValue(new Error('queue down'));
      await expect(service.queueDueLinks()).rejects.toThrow('queue down');
      expect(repository.releaseRelinkNotice).toHaveBeenCalledWith('c');
    });
  });

  describe("a link's re-sync", () => {
    it('fetches each operation of the set, only what changed since the last sync less the margin, then records the sync', async () => {
      const { service, repository, fetcher } = setUp();
      const due = link();
      repository.findLinkById.mockResolvedValue(due);
      await service.resyncLink({ linkId: 'link-1' });
      const since = new Date(due.lastSyncedAt!.getTime() - SINCE_MARGIN_MS);
      expect(fetcher.fetchInto.mock.calls.map(([, op, s]) => [op, s])).toEqual([
        ['getPatientInformation', since],
        ['getPatientEOB', since],
        ['getPatientDrugs', since],
      ]);
      expect(repository.withSyncLock).toHaveBeenCalledWith('link-1', expect.any(Function));
      expect(repository.markSynced).toHaveBeenCalledWith('link-1', NOW);
    });

    it('fetches everything for a link never synced', async () => {
      const { service, repository, fetcher } = setUp();
      repository.findLinkById.mockResolvedValue(link({ lastSyncedAt: null }));
      await service.resyncLink({ linkId: 'link-1' });
      expect(fetcher.fetchInto.mock.calls.every(([, , since]) => since === null)).toBe(true);
      expect(repository.markSynced).toHaveBeenCalledWith('link-1', NOW);
    });

    it('does nothing for a link synced since it was queued, a link gone, or one another process is syncing', async () => {
      const { service, repository, fetcher } = setUp();
      repository.findLinkById.mockResolvedValueOnce(link({ lastSyncedAt: new Date(NOW.getTime() - HOUR) }));
      await service.resyncLink({ linkId: 'link-1' });
      repository.findLinkById.mockResolvedValueOnce(null);
      await service.resyncLink({ linkId: 'link-1' });
      repository.findLinkById.mockResolvedValueOnce(link());
      repository.withSyncLock.mockResolvedValueOnce({ ran: false });
      await service.resyncLink({ linkId: 'link-1' });
      expect(fetcher.fetchInto).not.toHaveBeenCalled();
      expect(repository.markSynced).not.toHaveBeenCalled();
    });

    it('re-reads the link under the lock: a run that finished while this one waited is not repeated', async () => {
      const { service, repository, fetcher } = setUp();
      repository.findLinkById.mockResolvedValueOnce(link()).mockResolvedValueOnce(link({ lastSyncedAt: NOW }));
      await service.resyncLink({ linkId: 'link-1' });
      expect(fetcher.fetchInto).not.toHaveBeenCalled();
    });

    it('on a refused refresh stops, records no sync and queues the one relink e-mail', async () => {
      const { service, repository, fetcher, queue } = setUp();
      repository.findLinkById.mockResolvedValue(link());
      fetcher.fetchInto.mockRejectedValue(new RefreshRefusedError('token endpoint refused: invalid_grant', 400, 'aetna.test'));
      repository.claimRelinkNotice.mockResolvedValue({ userId: 'user-1', insurer: 'aetnaSandbox' });
      queue.send.mockResolvedValue('job');
      await expect(service.resyncLink({ linkId: 'link-1' })).resolves.toBeUndefined();
      expect(fetcher.fetchInto).toHaveBeenCalledTimes(1);
      expect(repository.markSynced).not.toHaveBeenCalled();
      expect(queue.send).toHaveBeenCalledWith(RELINK_NOTICE_QUEUE, { userId: 'user-1', insurer: 'aetnaSandbox' });
    });

    it('for a link already relink_required fetches nothing and only makes sure its member was told, once', async () => {
      const { service, repository, fetcher, queue } = setUp();
      repository.findLinkById.mockResolvedValue(link({ status: 'relink_required', relinkNotifiedAt: NOW }));
      repository.claimRelinkNotice.mockResolvedValue(null);
      await service.resyncLink({ linkId: 'link-1' });
      expect(fetcher.fetchInto).not.toHaveBeenCalled();
      expect(queue.send).not.toHaveBeenCalled();
    });

    it('leaves a transient failure to pg-boss (it throws, nothing recorded as synced)', async () => {
      const { service, repository, fetcher } = setUp();
      repository.findLinkById.mockResolvedValue(link());
      fetcher.fetchInto.mockResolvedValueOnce({ stored: 1, totalMs: 1, storeMs: 1 });
      fetcher.fetchInto.mockRejectedValueOnce(new PartnerTransientError('ExplanationOfBenefit answered 503', 503, 'aetna.test'));
      await expect(service.resyncLink({ linkId: 'link-1' })).rejects.toThrow('answered 503');
      expect(repository.markSynced).not.toHaveBeenCalled();
      expect(repository.claimRelinkNotice).not.toHaveBeenCalled();
    });

    it('records a permanent failure for operators without retrying or marking relink', async () => {
      const { service, repository, fetcher, errors } = setUp();
      repository.findLinkById.mockResolvedValue(link());
      fetcher.fetchInto.mockRejectedValueOnce(new PartnerPermanentError('/fhir/Patient/{id} answered 404', 404, 'aetna.test'));
      errors.record.mockResolvedValue('error-1');
      await expect(service.resyncLink({ linkId: 'link-1' })).resolves.toBeUndefined();
      expect(errors.record).toHaveBeenCalledWith({
        errorType: 'INSURER_RESYNC_FAILED',
        userId: 'user-1',
        insurerName: 'Aetna Sandbox',
        host: 'aetna.test',
        errorDetails: {
          step: 'RESYNC',
          operation: 'getPatientInformation',
          host: 'aetna.test',
          status: 404,
          message: '/fhir/Patient/{id} answered 404',
        },
      });
      expect(repository.markSynced).not.toHaveBeenCalled();
      expect(repository.claimRelinkNotice).not.toHaveBeenCalled();
    });

    it('syncs the link when an operation brings nothing because the member did not share it', async () => {
      const { service, repository, fetcher } = setUp();
      repository.findLinkById.mockResolvedValue(link());
      fetcher.fetchInto.mockImplementation(async (_link, operation) =>
        operation === 'getPatientDrugs' ? { stored: 0, totalMs: 0, storeMs: 0, notShared: true } : { stored: 1, totalMs: 1, storeMs: 1 },
      );
      await service.resyncLink({ linkId: 'link-1' });
      expect(fetcher.fetchInto).toHaveBeenCalledTimes(3);
      expect(repository.markSynced).toHaveBeenCalledWith('link-1', NOW);
    });
  });

  describe('the relink e-mail', () => {
    it('says only that the connection needs renewing, with the link to choose the insurer again', async () => {
      const { service, repository, users, mailer } = setUp();
      const account = buildAccount({ id: 'user-1', email: 'ada@example.com', firstName: 'Ada' });
      users.findById.mockResolvedValue(account);
      repository.findLink.mockResolvedValue(link({ status: 'relink_required' }));
      mailer.send.mockResolvedValue(undefined);
      await service.sendRelinkNotice({ userId: 'user-1', insurer: 'aetnaSandbox' });
      expect(mailer.send).toHaveBeenCalledTimes(1);
      const mail = mailer.send.mock.calls[0]![0];
      expect(mail.to).toBe('ada@example.com');
      expect(mail.subject).toBe('Your connection to Aetna Sandbox needs to be renewed');
      expect(mail.text).toContain('Your connection to Aetna Sandbox needs to be renewed.');
      expect(mail.text).toContain('https://app.healthlink.test/insuranceSelect');
      expect(mail.text).not.toMatch(/p-1|claim|diagnos|prescri|drug/i);
    });

    it('is not sent when the member linked again meanwhile or the account is gone', async () => {
      const { service, repository, users, mailer } = setUp();
      users.findById.mockResolvedValueOnce(buildAccount({ id: 'user-1' }));
      repository.findLink.mockResolvedValueOnce(link({ status: 'active' }));
      await service.sendRelinkNotice({ userId: 'user-1', insurer: 'aetnaSandbox' });
      users.findById.mockResolvedValueOnce(null);
      repository.findLink.mockResolvedValueOnce(link({ status: 'relink_required' }));
      await service.sendRelinkNotice({ userId: 'user-1', insurer: 'aetnaSandbox' });
      expect(mailer.send).not.toHaveBeenCalled();
    });
  });
});
