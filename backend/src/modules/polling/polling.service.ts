import type { PollingEventResponse, PollingStatus } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorRecorder } from '../../common/errors';
import { JobContext, JobQueueService, JobRegistry, safeFailureMessage } from '../../jobs';
import { PollingError } from './polling.errors';
import { PollingRepository } from './polling.repository';

export const DEFAULT_POLL_INTERVAL_MS = 1000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a polling job's pg-boss message carries. */
export interface PollingJobData<TPayload> {
  pollingEventId: string;
  ownerUserId: string;
  payload: TPayload;
}

export interface PollingJobContext<TPayload> {
  pollingEventId: string;
  ownerUserId: string;
  payload: TPayload;
  /** When the job was queued; measures queue latency. */
  queuedAt: Date;
  attempt: number;
  /** No retry follows if this attempt throws. */
  isLastAttempt: boolean;
}

/** Does the work of one polling event and ends it with `PollingService.complete`. Throwing means retry. */
export type PollingJobHandler<TPayload> = (context: PollingJobContext<TPayload>) => Promise<void>;

@Injectable()
export class PollingService {
  private readonly logger = new Logger(PollingService.name);

  constructor(
    private readonly repository: PollingRepository,
    private readonly registry: JobRegistry,
    private readonly queue: JobQueueService,
    private readonly errorRecorder: ErrorRecorder,
  ) {}

  /**
   * Registers the handler for a kind of polling event (its pg-boss queue has the same name). Call it from a
   * provider's onModuleInit. When the last retry fails the event ends as `failed` and a row goes to `errors`.
   */
  registerHandler<TPayload>(
    kind: string,
    handler: PollingJobHandler<TPayload>,
    options: { retryLimit?: number; concurrency?: number; failureResponse?: (error: unknown) => unknown } = {},
  ): void {
    this.registry.register<PollingJobData<TPayload>>({
      queue: kind,
      retryLimit: options.retryLimit,
      concurrency: options.concurrency,
      handle: (job) => handler(toPollingContext(job)),
      onFailed: (job, error) => this.failFromJob(job, error, options.failureResponse?.(error) ?? null),
    });
  }

  /** Records a pending event for its owner and queues its job; answers the pollingEventID. */
  async start<TPayload>(ownerUserId: string, kind: string, payload: TPayload, pollInterval = DEFAULT_POLL_INTERVAL_MS): Promise<string> {
    if (!this.registry.has(kind)) throw new Error(`No polling job is registered for kind "${kind}"`);
    const event = await this.repository.createPending({ ownerUserId, kind, pollInterval });
    const data: PollingJobData<TPayload> = { pollingEventId: event.id, ownerUserId, payload };
    try {
      await this.queue.send(kind, data);
    } catch (error) {
      this.logger.error({ err: error, kind, pollingEventId: event.id }, 'could not queue polling job');
      await this.repository.completeIfPending(event.id, 'error', null);
      throw PollingError.queueUnavailable();
    }
    return event.id;
  }

  /** Account deletion: the user's polling events (their responses may hold health data) go too. */
  deleteAllOwnedBy(ownerUserId: string, manager?: EntityManager): Promise<void> {
    return this.repository.deleteAllOwnedBy(ownerUserId, manager);
  }

  /** The event as its owner sees it; anyone else, or an id that is not a UUID, gets not-found. */
  async getForOwner(id: string, ownerUserId: string): Promise<PollingEventResponse> {
    if (!UUID.test(id)) throw PollingError.notFound();
    const event = await this.repository.findOwned(id, ownerUserId);
    if (!event) throw PollingError.notFound();
    return { status: event.status, pollInterval: event.pollInterval, response: event.response ?? null };
  }

  /** Ends a pending event; false when it had already ended. */
  complete(id: string, status: Exclude<PollingStatus, 'pending'>, response: unknown = null): Promise<boolean> {
    return this.repository.completeIfPending(id, status, response);
  }

  private async failFromJob(job: JobContext<PollingJobData<unknown>>, error: unknown, response: unknown): Promise<void> {
    const { pollingEventId, ownerUserId } = job.data;
    const ended = await this.repository.completeIfPending(pollingEventId, 'failed', response);
    if (!ended) return;
    await this.errorRecorder.record({
      errorType: 'JOB_FAILED',
      userId: ownerUserId,
      errorDetails: {
        queue: job.queue,
        jobId: job.jobId,
        pollingEventId,
        attempts: job.retryCount + 1,
        message: safeFailureMessage(error),
      },
    });
  }
}

function toPollingContext<TPayload>(job: JobContext<PollingJobData<TPayload>>): PollingJobContext<TPayload> {
  return {
    pollingEventId: job.data.pollingEventId,
    ownerUserId: job.data.ownerUserId,
    payload: job.data.payload,
    queuedAt: job.createdOn,
    attempt: job.retryCount + 1,
    isLastAttempt: job.retryCount >= job.retryLimit,
  };
}
