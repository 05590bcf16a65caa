import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { ErrorRecorder } from '../../common/errors';
import { PollingEventEntity } from './entities/polling-event.entity';
import { JobDefinition, JobQueueService, JobRegistry } from '../../jobs';
import { PollingError } from './polling.errors';
import type { PollingRepository } from './polling.repository';
import { PollingJobData, PollingService } from './polling.service';

describe('PollingService', () => {
  const repository = {
    createPending: jest.fn(),
    findViewable: jest.fn(),
    findById: jest.fn(),
    completeIfPending: jest.fn(),
  };
  const queue = { send: jest.fn() };
  const recorder = { record: jest.fn() };
  let registry: JobRegistry;
  let service: PollingService;

  beforeEach(() => {
    jest.resetAllMocks();
    registry = new JobRegistry();
    service = new PollingService(
      repository as unknown as PollingRepository,
      registry,
      queue as unknown as JobQueueService,
      recorder as unknown as ErrorRecorder,
    );
  });
  afterEach(() => expect(repository.findById).not.toHaveBeenCalled());

  const event = (overrides: Partial<PollingEventEntity> = {}) =>
    Object.assign(new PollingEventEntity(), { id: randomUUID(), status: 'pending', pollInterval: 1000, response: null, ...overrides });

  describe('start', () => {
    it('records a pending event, then queues its job under the kind', async () => {
      service.registerHandler('rank', jest.fn());
      const owner = randomUUID();
      const created = event({ ownerUserId: owner });
      repository.createPending.mockResolvedValue(created);
      queue.send.mockResolvedValue('job-1');

      await expect(service.start(owner, 'rank', { zip: '10001' })).resolves.toBe(created.id);
      expect(repository.createPending).toHaveBeenCalledWith({ ownerUserId: owner, kind: 'rank', pollInterval: 1000 });
      expect(queue.send).toHaveBeenCalledWith('rank', { pollingEventId: created.id, ownerUserId: owner, payload: { zip: '10001' } });
    });

    it('ends the event as error and answers 503 when the job cannot be queued', async () => {
      const logError = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
      service.registerHandler('rank', jest.fn());
      const created = event();
      repository.createPending.mockResolvedValue(created);
      queue.send.mockRejectedValue(new Error('queue missing'));

      await expect(service.start(randomUUID(), 'rank', {})).rejects.toMatchObject({ code: 'POLLING.QUEUE_UNAVAILABLE', status: 503 });
      expect(repository.completeIfPending).toHaveBeenCalledWith(created.id, 'error', null);
      expect(logError).toHaveBeenCalled();
      logError.mockRestore();
    });

    it('refuses a kind nobody registered, before writing anything', async () => {
      await expect(service.start(randomUUID(), 'nope', {})).rejects.toThrow('No polling job is registered for kind "nope"');
      expect(repository.createPending).not.toHaveBeenCalled();
    });
  });

  describe('getForViewer', () => {
    it("answers the owner's view of their event", async () => {
      const found = event({ status: 'complete', response: { a: 1 } });
      repository.findViewable.mockResolvedValue(found);
      await expect(service.getForViewer(found.id, 'u1')).resolves.toEqual({ status: 'complete', pollInterval: 1000, response: { a: 1 } });
      expect(repository.findViewable).toHaveBeenCalledWith(found.id, 'u1');
    });

    it('answers a signed-in viewer not found for a malformed id without querying', async () => {
      await expect(service.getForViewer('1 OR 1=1', 'u1')).rejects.toBeInstanceOf(PollingError);
      await expect(service.getForViewer('1 OR 1=1', 'u1')).rejects.toMatchObject({ code: 'POLLING.NOT_FOUND', status: 404 });
      expect(repository.findViewable).not.toHaveBeenCalled();
    });

    it("answers a signed-in viewer's own or owner-less event", async () => {
      const found = event({ status: 'complete', response: { a: 1 }, ownerUserId: null });
      repository.findViewable.mockResolvedValue(found);
      await expect(service.getForViewer(found.id, 'u1')).resolves.toEqual({ status: 'complete', pollInterval: 1000, response: { a: 1 } });
      expect(repository.findViewable).toHaveBeenCalledWith(found.id, 'u1');
    });

    it("answers a signed-in viewer 404 for someone else's event, and a visitor 401 for anything not a visitor's", async () => {
      repository.findViewable.mockResolvedValue(null);
      await expect(service.getForViewer(randomUUID(), 'u1')).rejects.toMatchObject({ code: 'POLLING.NOT_FOUND', status: 404 });
      await expect(service.getForViewer(randomUUID(), null)).rejects.toMatchObject({ status: 401 });
      await expect(service.getForViewer('not-a-uuid', null)).rejects.toMatchObject({ status: 401 });
      expect(repository.findViewable).toHaveBeenCalledTimes(2);
    });
  });

  describe('registered handlers', () => {
    const jobOf = (data: PollingJobData<unknown>, retryCount = 0) => ({
      jobId: 'job-1',
      queue: 'rank',
      data,
      retryCount,
      retryLimit: 2,
      createdOn: new Date('2026-01-01T00:00:00Z'),
    });
    const definitionOf = (queueName: string) =>
      (registry.freeze() as JobDefinition<PollingJobData<unknown>>[]).find((d) => d.queue === queueName)!;

    it('hands the handler its event, owner, payload and queue time', async () => {
      const handler = jest.fn().mockResolvedValue(undefined);
      service.registerHandler('rank', handler, { retryLimit: 1 });
      const definition = definitionOf('rank');
      expect(definition.retryLimit).toBe(1);
      await definition.handle(jobOf({ pollingEventId: 'e1', ownerUserId: 'u1', payload: { p: 1 } }, 1));
      expect(handler).toHaveBeenCalledWith({
        pollingEventId: 'e1',
        ownerUserId: 'u1',
        payload: { p: 1 },
        queuedAt: new Date('2026-01-01T00:00:00Z'),
        attempt: 2,
        isLastAttempt: false,
      });
      await definition.handle(jobOf({ pollingEventId: 'e1', ownerUserId: 'u1', payload: { p: 1 } }, 2));
      expect(handler).toHaveBeenLastCalledWith(expect.objectContaining({ attempt: 3, isLastAttempt: true }));
    });

    it('gives the final failure the response the handler asked for', async () => {
      service.registerHandler('rank', jest.fn(), { failureResponse: (error) => ({ message: `sorry: ${(error as Error).message}` }) });
      repository.completeIfPending.mockResolvedValue(true);
      await definitionOf('rank').onFailed!(jobOf({ pollingEventId: 'e1', ownerUserId: 'u1', payload: {} }, 2), new Error('partner down'));
      expect(repository.completeIfPending).toHaveBeenCalledWith('e1', 'failed', { message: 'sorry: partner down' });
    });

    it('after the last failure ends the event as failed and records the error for its owner', async () => {
      service.registerHandler('rank', jest.fn());
      repository.completeIfPending.mockResolvedValue(true);
      await definitionOf('rank').onFailed!(jobOf({ pollingEventId: 'e1', ownerUserId: 'u1', payload: {} }, 2), new Error('partner down'));
      expect(repository.completeIfPending).toHaveBeenCalledWith('e1', 'failed', null);
      expect(recorder.record).toHaveBeenCalledWith({
        errorType: 'JOB_FAILED',
        userId: 'u1',
        errorDetails: { queue: 'rank', jobId: 'job-1', pollingEventId: 'e1', attempts: 3, message: 'partner down' },
      });
    });

    it('records nothing when the event had already ended', async () => {
      service.registerHandler('rank', jest.fn());
      repository.completeIfPending.mockResolvedValue(false);
      await definitionOf('rank').onFailed!(jobOf({ pollingEventId: 'e1', ownerUserId: 'u1', payload: {} }), new Error('x'));
      expect(recorder.record).not.toHaveBeenCalled();
    });
  });
});
