import type { PollingEventResponse, PollingStatus } from '@healthlink/contracts';
import { Injectable, Logger, UnauthorizedException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import { ErrorRecorder } from '../../common/errors';
import { JobContext, JobQueueService, JobRegistry, safeFailureMessage } from '../../jobs';
import { PollingError } from './polling.errors';
import { PollingRepository } from './polling.repository';

export const DEFAULT_POLL_INTERVAL_MS = 1000;
/** How long a visitor's (owner-less) event is kept. */
export const VISITOR_EVENT_RETENTION_SECONDS = 24 * 3600;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a polling job's pg-boss message carries; `ownerUserId` is null for a visitor's event. */
export interface PollingJobData<TPayload> {
  pollingEventId: string;
  ownerUserId: string | null;
  payload: TPayload;
}

/** `TOwner` is `string | null` for a kind that visitors may start too (see `start`). */
export interface PollingJobContext<TPayload, TOwner extends string | null = string> {
  pollingEventId: string;
  ownerUserId: TOwner;
  payload: TPayload;
  /** When the job was queued; measures queue latency. */
  queuedAt: Date;
  attempt: number;
  /** No retry follows if this attempt throws. */
  isLastAttempt: boolean;
}

/** Does the work of one polling event and ends it with `PollingService.complete`. Throwing means retry. */
export type PollingJobHandler<TPayload, TOwner extends string | null = string> = (
  context: PollingJobContext<TPayload, TOwner>,
) => Promise<void>;

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
  registerHandler<TPayload, TOwner extends string | null = string>(
    kind: string,
    handler: PollingJobHandler<TPayload, TOwner>,
    options: { retryLimit?: number; concurrency?: number; failureResponse?: (error: unknown) => unknown } = {},
  ): void {
    this.registry.register<PollingJobData<TPayload>>({
      queue: kind,
      retryLimit: options.retryLimit,
      concurrency: options.concurrency,
      handle: (job) => handler(toPollingContext(job) as PollingJobContext<TPayload, TOwner>),
      onFailed: (job, error) => this.failFromJob(job, error, options.failureResponse?.(error) ?? null),
    });
  }

  /**
   * Records a pending event for its owner and queues its job; answers the pollingEventID. A null owner is a visitor's
   * event: only for work whose response is public (a coupon search), since anyone holding the id may read it. Its
   * kind's handler must be registered with `TOwner = string | null`.
   */
  async start<TPayload>(
    ownerUserId: string | null,
    kind: string,
    payload: TPayload,
    pollInterval = DEFAULT_POLL_INTERVAL_MS,
  ): Promise<string> {
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

  /**
   * An event whose answer is ready at once (work that takes milliseconds in this process: the plan searches), for
   * calls the spec makes polled: recorded already ended, so the first poll reads it, and no job or worker is used.
   */
  async recordEnded(ownerUserId: string, kind: string, status: Exclude<PollingStatus, 'pending'>, response: unknown): Promise<string> {
    const event = await this.repository.createPending({ ownerUserId, kind, pollInterval: DEFAULT_POLL_INTERVAL_MS });
    await this.repository.completeIfPending(event.id, status, response);
    return event.id;
  }

  /**
   * Visitors' events (public coupon searches) are read within seconds of their end and never again: a day later they
   * go (a scheduled job), so the table does not grow with every visitor's search. Members' events go with the account.
   */
  async pruneVisitorEvents(): Promise<void> {
    const deleted = await this.repository.deleteOwnerlessOlderThan(VISITOR_EVENT_RETENTION_SECONDS);
    this.logger.log({ deleted }, 'visitor polling events pruned');
  }

  /** Account deletion: the user's polling events (their responses may hold health data) go too. */
  deleteAllOwnedBy(ownerUserId: string, manager?: EntityManager): Promise<void> {
    return this.repository.deleteAllOwnedBy(ownerUserId, manager);
  }

  /**
   * GET /api/pollingEvent/{id} for a signed-in user (their own events and owner-less ones) or a visitor (owner-less
   * events only). A visitor asking for anything else is told to sign in (401), whether or not it exists, so the answer
   * says nothing about other people's events; a signed-in user gets not-found for someone else's.
   */
  async getForViewer(id: string, viewerUserId: string | null): Promise<PollingEventResponse> {
    const event = UUID.test(id) ? await this.repository.findViewable(id, viewerUserId) : null;
    if (!event) throw viewerUserId ? PollingError.notFound() : new UnauthorizedException();
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

function toPollingContext<TPayload>(job: JobContext<PollingJobData<TPayload>>): PollingJobContext<TPayload, string | null> {
  return {
    pollingEventId: job.data.pollingEventId,
    ownerUserId: job.data.ownerUserId,
    payload: job.data.payload,
    queuedAt: job.createdOn,
    attempt: job.retryCount + 1,
    isLastAttempt: job.retryCount >= job.retryLimit,
  };
}
