import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client } from 'pg';
import PgBoss from 'pg-boss';
import type { EntityManager } from 'typeorm';
import type { AppConfig } from '../config';
import { safeFailure } from './job-failure';
import { JobContext, JobDefinition, JobRegistry } from './job-registry';
import { JobStoreRepository } from './job-store.repository';
import { guardJobSettlement } from './pg-boss-settlement';

// Same key in every process; distinct from the migration lock's.
const QUEUE_SETUP_LOCK_KEY = 7_261_804_114;

/** The job queue's connections for its workers' polls, however many workers there are. */
const POLLING_CONNECTIONS = 8;

/** pg-boss in this process: every role sends; only 'all' and 'worker' work the queues. */
@Injectable()
export class JobQueueService implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobQueueService.name);
  private boss?: PgBoss;
  /** This process's worker per queue (roles 'all' and 'worker'). */
  private readonly workers = new Map<string, string[]>();

  constructor(
    private readonly registry: JobRegistry,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly store: JobStoreRepository,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const role = this.config.get('role', { infer: true });
    const { retryLimit, expireSeconds, maintenanceIntervalSeconds, schema } = this.config.get('jobs', { infer: true });
    const definitions = this.registry.freeze();
    // A job settled while the database is away must not end the process (pg-boss does not await the settlement).
    guardJobSettlement((error, settlement) =>
      this.logger.warn(
        { err: safeFailure(error), settlement },
        'a job could not be settled: it stays active until it expires, then is retried',
      ),
    );
    const workerCount = role === 'api' ? 0 : definitions.reduce((sum, d) => sum + (d.concurrency ?? 1), 0);
    const boss = new PgBoss({
      connectionString: this.config.get('database', { infer: true }).url,
      schema,
      application_name: `healthlink-${role}`,
      // A worker holds a connection only while its poll or its job's settlement runs (milliseconds every
      // pollingIntervalSeconds): one each up to POLLING_CONNECTIONS, plus a few for sending and maintenance. One each
      // for all 35 workers made a process hold 38 connections, and two processes most of PostgreSQL's default 100.
      max: Math.min(workerCount, POLLING_CONNECTIONS) + 3,
      maintenanceIntervalSeconds,
    });
    boss.on('error', (error) => this.logger.error({ err: error }, 'pg-boss error'));
    // pg-boss's schema install and createQueue (a partition attach) deadlock when processes boot together.
    await this.withSetupLock(async () => {
      await boss.start();
      for (const definition of definitions) {
        // Idempotent, and required before send()/work() (pg-boss 10).
        await boss.createQueue(definition.queue, {
          name: definition.queue,
          policy: definition.policy ?? 'standard',
          retryLimit: definition.retryLimit ?? retryLimit,
          retryDelay: definition.retryDelay ?? 1,
          retryBackoff: definition.retryBackoff ?? false,
          expireInSeconds: expireSeconds,
        });
        // Idempotent (an upsert keyed by queue): every process may declare it.
        if (definition.schedule) await boss.schedule(definition.queue, definition.schedule, {}, { tz: 'UTC' });
      }
    });
    this.boss = boss;
    if (role === 'api') return;
    for (const definition of definitions) {
      // Each worker takes one job at a time; a queue's concurrency is its number of workers.
      const ids: string[] = [];
      for (let i = 0; i < (definition.concurrency ?? 1); i++) {
        ids.push(
          await boss.work<object>(definition.queue, { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 0.5 }, ([job]) =>
            this.run(definition, job),
          ),
        );
      }
      this.workers.set(definition.queue, ids);
    }
    this.logger.log(`working queues: ${definitions.map((d) => d.queue).join(', ') || '(none)'}`);
  }

  async send(queue: string, data: object): Promise<string> {
    if (!this.boss) throw new Error('Job queue is not started');
    const id = await this.boss.send(queue, data);
    // pg-boss answers null (no error) when the queue does not exist.
    if (!id) throw new Error(`pg-boss did not accept a job for queue "${queue}"`);
    // A worker in this process takes it now rather than at its next poll (other processes poll every 0.5 s).
    for (const workerId of this.workers.get(queue) ?? []) this.boss.notifyWorker(workerId);
    return id;
  }

  /**
   * Many jobs of one queue, a statement per thousand. On a 'stately' queue a job whose `singletonKey` already waits
   * is dropped (pg-boss inserts with ON CONFLICT DO NOTHING), so sending twice never queues one subject twice.
   */
  async sendBatch(queue: string, jobs: { data: object; singletonKey?: string }[]): Promise<void> {
    if (!this.boss) throw new Error('Job queue is not started');
    for (let i = 0; i < jobs.length; i += 1000) {
      await this.boss.insert(jobs.slice(i, i + 1000).map(({ data, singletonKey }) => ({ name: queue, data, singletonKey })));
    }
    if (jobs.length) for (const workerId of this.workers.get(queue) ?? []) this.boss.notifyWorker(workerId);
  }

  /**
   * Account deletion: every job in pg-boss's live and archive tables that names the user (JobStoreRepository), in
   * the caller's transaction.
   */
  async deleteJobsOf(subject: { userId: string; email: string }, manager: EntityManager): Promise<number> {
    if (!subject.userId || !subject.email) throw new Error('deleteJobsOf needs both the user id and the e-mail');
    return this.store.deleteNaming(subject, manager);
  }

  async beforeApplicationShutdown(): Promise<void> {
    const boss = this.boss;
    this.boss = undefined;
    // Lets running handlers finish (bounded) before the database connections close.
    await boss?.stop({ graceful: true, wait: true, timeout: 10_000 });
  }

  private async withSetupLock(work: () => Promise<void>): Promise<void> {
    const client = new Client({ connectionString: this.config.get('database', { infer: true }).url });
    // A dropped connection is reported by the query that needs it; the client must not throw on its own.
    client.on('error', () => undefined);
    await client.connect();
    try {
      await client.query('SELECT pg_advisory_lock($1)', [QUEUE_SETUP_LOCK_KEY]);
      await work();
    } finally {
      await client.end();
    }
  }

  private async run(definition: JobDefinition, job: PgBoss.JobWithMetadata<object>): Promise<void> {
    const context: JobContext<object> = {
      jobId: job.id,
      queue: definition.queue,
      data: job.data,
      retryCount: job.retryCount,
      retryLimit: job.retryLimit,
      createdOn: job.createdOn,
    };
    try {
      await definition.handle(context);
    } catch (error) {
      const final = job.retryCount >= job.retryLimit;
      this.logger.warn({ err: error, queue: definition.queue, jobId: job.id, retryCount: job.retryCount, final }, 'job failed');
      // Whatever reaches pg-boss is kept in job.output: the onFailed hook's own failure is cleaned too.
      if (final) await definition.onFailed?.(context, error).catch((failure: unknown) => Promise.reject(safeFailure(failure)));
      throw safeFailure(error);
    }
  }
}
