import { Global, Injectable, Module, OnModuleInit, type INestApplicationContext } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { pollUntil } from '../../../test/utils/poll';
import { testConfig } from '../../../test/utils/test-app';
import { ErasureModule } from '../../common/erasure';
import { MailModule } from '../../common/mail';
import { InsuranceStatus } from '../../common/ports';
import { DatabaseModule } from '../../database';
import { JobQueueService, JobsModule } from '../../jobs';
import { DebugModule } from '../debug';
import { PollingModule } from './polling.module';
import { PollingService } from './polling.service';

const FAILING_KIND = `test-failing-${randomUUID().slice(0, 8)}`;
const attempts: number[] = [];

@Injectable()
class FailingJob implements OnModuleInit {
  constructor(private readonly polling: PollingService) {}

  onModuleInit(): void {
    this.polling.registerHandler(FAILING_KIND, async (context) => {
      attempts.push(context.attempt);
      throw new Error('partner answered 502');
    });
  }
}

const QUERY_FAILING_KIND = `test-query-failing-${randomUUID().slice(0, 8)}`;
// What a person typed, as a refused value: in the SQL, its parameters and the class-22 message quoting it.
const MARKER = `marker-${randomUUID()}`;

@Injectable()
class QueryFailingJob implements OnModuleInit {
  constructor(
    private readonly polling: PollingService,
    private readonly dataSource: DataSource,
  ) {}

  onModuleInit(): void {
    this.polling.registerHandler(
      QUERY_FAILING_KIND,
      async () => {
        await this.dataSource.query(`SELECT $1::uuid AS "${MARKER}"`, [MARKER]);
      },
      { retryLimit: 0 },
    );
  }
}

@Module({ imports: [PollingModule], providers: [FailingJob, QueryFailingJob] })
class FailingJobModule {}

describe('polling jobs through pg-boss (PostgreSQL)', () => {
  let app: INestApplicationContext;
  let testConfigJobs: { schema: string };

  // The error log (DebugModule) brings auth, whose login asks the insurers module's port: not under test here.
  @Global()
  @Module({ providers: [{ provide: InsuranceStatus, useValue: { hasInsurance: async () => false } }], exports: [InsuranceStatus] })
  class NoInsuranceModule {}

  beforeAll(async () => {
    const config = testConfig({ JOBS_RETRY_LIMIT: '1' });
    testConfigJobs = config.jobs;
    @Module({
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => config] }),
        DatabaseModule,
        JobsModule,
        MailModule,
        ErasureModule,
        DebugModule,
        PollingModule,
        FailingJobModule,
        NoInsuranceModule,
      ],
    })
    class TestModule {}
    app = await NestFactory.createApplicationContext(TestModule, { logger: false, abortOnError: false });
    await app.init();
  });
  afterAll(() => app?.close());

  it('a handler that keeps throwing ends its event as failed, after the retries, with a row in errors', async () => {
    // An account's id: the errors row keeps it only while the account exists (errors.user_id references users).
    const owner = (await createUser(app.get(DataSource))).id;
    const id = await app.get(PollingService).start(owner, FAILING_KIND, { zip: '10001' });
    const dataSource = app.get(DataSource);

    const read = async () => (await dataSource.query('SELECT status FROM polling_events WHERE id = $1', [id]))[0].status as string;
    expect(await pollUntil(read, (status) => status !== 'pending', 20_000)).toBe('failed');
    expect(attempts).toEqual([1, 2]);

    const errors = await dataSource.query(
      `SELECT user_id, error_type, error_details FROM errors WHERE error_details->>'pollingEventId' = $1`,
      [id],
    );
    expect(errors).toEqual([
      {
        user_id: owner,
        error_type: 'JOB_FAILED',
        error_details: expect.objectContaining({ queue: FAILING_KIND, attempts: 2, message: 'partner answered 502' }),
      },
    ]);
    await expect(app.get(PollingService).getForViewer(id, owner)).resolves.toEqual({
      status: 'failed',
      pollInterval: 1000,
      response: null,
    });
  });

  it('a failing query leaves its SQL, parameters and quoted value neither in pg-boss nor in errors', async () => {
    // An account's id: the errors row keeps it only while the account exists (errors.user_id references users).
    const owner = (await createUser(app.get(DataSource))).id;
    const id = await app.get(PollingService).start(owner, QUERY_FAILING_KIND, {});
    const dataSource = app.get(DataSource);
    const { schema } = testConfigJobs;

    const read = async () => (await dataSource.query('SELECT status FROM polling_events WHERE id = $1', [id]))[0].status as string;
    expect(await pollUntil(read, (status) => status !== 'pending', 20_000)).toBe('failed');
    const outputOf = async () =>
      (await dataSource.query(`SELECT state, output FROM "${schema}".job WHERE data->>'pollingEventId' = $1`, [id])) as {
        state: string;
        output: Record<string, unknown> | null;
      }[];
    const [job] = await pollUntil(outputOf, (rows) => rows[0]?.state === 'failed', 20_000);
    expect(job.output).toEqual(
      expect.objectContaining({ name: 'QueryFailedError', code: '22P02', message: 'invalid input syntax for type uuid: "[withheld]"' }),
    );

    const naming = (table: string) =>
      dataSource.query(`SELECT count(*)::int AS n FROM "${schema}"."${table}" WHERE strpos(coalesce(output::text, ''), $1) > 0`, [MARKER]);
    expect(await naming('job')).toEqual([{ n: 0 }]);
    expect(await naming('archive')).toEqual([{ n: 0 }]);
    const errors = await dataSource.query(`SELECT error_details FROM errors WHERE error_details->>'pollingEventId' = $1`, [id]);
    expect(errors).toEqual([{ error_details: expect.objectContaining({ message: 'invalid input syntax for type uuid: "[withheld]"' }) }]);
    expect(JSON.stringify(errors)).not.toContain(MARKER);
  });

  it("account deletion deletes the jobs naming the user, by id or e-mail, and no one else's", async () => {
    const dataSource = app.get(DataSource);
    const { schema } = testConfigJobs;
    const userId = randomUUID();
    const email = `gone.${userId.slice(0, 8)}@example.com`;
    // Parked a day ahead, so no worker takes them while the test looks.
    const park = async (data: object, output: object | null = null, state = 'created') =>
      (
        await dataSource.query(
          `INSERT INTO "${schema}".job (name, data, output, state, start_after)
           VALUES ($1, $2, $3, $4::"${schema}".job_state, now() + interval '1 day') RETURNING id`,
          [FAILING_KIND, JSON.stringify(data), output && JSON.stringify(output), state],
        )
      )[0].id as string;
    const mine = [
      await park({ pollingEventId: randomUUID(), ownerUserId: userId, payload: {} }),
      await park({ email: email.toUpperCase() }),
      await park({ to: 'someone@example.com' }, { message: `550 mailbox ${email} unknown` }, 'failed'),
    ];
    const others = [
      await park({ pollingEventId: randomUUID(), ownerUserId: randomUUID(), payload: {} }),
      // A longer address that contains the e-mail is someone else's: their pending code must still go out.
      await park({ email: `jim${email}` }),
      await park({ email: 'other@example.com' }, { message: `retrying after ${email}` }, 'retry'),
    ];

    const deleted = await dataSource.transaction((manager) => app.get(JobQueueService).deleteJobsOf({ userId, email }, manager));
    expect(deleted).toBe(3);
    const left: { id: string }[] = await dataSource.query(`SELECT id FROM "${schema}".job WHERE id = ANY($1)`, [[...mine, ...others]]);
    expect(left.map((r) => r.id).sort()).toEqual([...others].sort());
    await dataSource.query(`DELETE FROM "${schema}".job WHERE id = ANY($1)`, [others]);
  });
});
