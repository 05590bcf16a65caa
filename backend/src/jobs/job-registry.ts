import { Injectable } from '@nestjs/common';

export interface JobContext<TData> {
  jobId: string;
  queue: string;
  data: TData;
  /** 0 on the first attempt. */
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
}

export interface JobDefinition<TData extends object = object> {
  /** pg-boss queue name: lowercase words and dashes, e.g. 'rank-plans'. */
  queue: string;
  handle(job: JobContext<TData>): Promise<void>;
  /** Called once, when the last attempt has failed; the job then ends as failed in pg-boss. */
  onFailed?(job: JobContext<TData>, error: unknown): Promise<void>;
  /** Overrides JOBS_RETRY_LIMIT for this queue. */
  retryLimit?: number;
  /** Seconds before a retry (default 1); with retryBackoff, the first of delays that double (pg-boss's backoff). */
  retryDelay?: number;
  retryBackoff?: boolean;
  /** Jobs of this queue one process works at once (default 1). */
  concurrency?: number;
  /**
   * pg-boss's queue policy (default 'standard'). 'stately': per singleton key, at most one job waiting and one
   * running (a send whose key already waits is dropped), for work that must never run twice at once for one subject.
   */
  policy?: 'standard' | 'stately';
  /**
   * A cron expression (UTC): pg-boss then sends one job per tick for the whole cluster, however many processes
   * run (its schedule lives in the database), and a worker takes it.
   */
  schedule?: string;
}

const QUEUE_NAME = /^[a-z0-9][a-z0-9-]{0,62}$/;

/**
 * Where feature modules register their job handlers by queue name. The queue service creates every registered
 * queue at application bootstrap (in every role) and works them in worker roles.
 *
 * One pattern for every queue: a file `<module>/jobs/<name>.job.ts` holding an @Injectable `<Name>Job`, listed in
 * its module's providers, that registers its queue in onModuleInit: `JobRegistry.register` for plain work,
 * `PollingService.registerHandler` for work a person polls for (a polling event). Its handler and onFailed are
 * one-line calls into a service, which holds the rules, sends the jobs and exports the queue name (e.g.
 * `contact/jobs/contact-copy.job.ts`, `polling/jobs/probe.job.ts`). A failure's message is what pg-boss and the
 * errors table keep, cleaned as the log is (job-failure.ts).
 */
@Injectable()
export class JobRegistry {
  private readonly definitions = new Map<string, JobDefinition>();
  private frozen = false;

  register<TData extends object>(definition: JobDefinition<TData>): void {
    if (this.frozen) throw new Error(`Job "${definition.queue}" registered after start: register in onModuleInit`);
    if (!QUEUE_NAME.test(definition.queue)) throw new Error(`Invalid queue name "${definition.queue}"`);
    if (this.definitions.has(definition.queue)) throw new Error(`Job "${definition.queue}" is already registered`);
    this.definitions.set(definition.queue, definition as unknown as JobDefinition);
  }

  has(queue: string): boolean {
    return this.definitions.has(queue);
  }

  /** The registered definitions; no registration is accepted afterwards. */
  freeze(): JobDefinition[] {
    this.frozen = true;
    return [...this.definitions.values()];
  }
}
