import { Injectable, Module, OnModuleInit, type INestApplicationContext } from '@nestjs/common';
import { ConfigModule } from '@nestjs/config';
import { NestFactory } from '@nestjs/core';
import { randomUUID } from 'node:crypto';
import { DataSource } from 'typeorm';
import { pollUntil } from '../../../test/utils/poll';
import { testConfig } from '../../../test/utils/test-app';
import { DatabaseModule } from '../../database';
import { JobsModule } from '../../jobs';
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

@Module({ imports: [PollingModule], providers: [FailingJob] })
class FailingJobModule {}

describe('polling jobs through pg-boss (PostgreSQL)', () => {
  let app: INestApplicationContext;

  beforeAll(async () => {
    const config = testConfig({ JOBS_RETRY_LIMIT: '1' });
    @Module({
      imports: [
        ConfigModule.forRoot({ isGlobal: true, ignoreEnvFile: true, load: [() => config] }),
        DatabaseModule,
        JobsModule,
        DebugModule,
        PollingModule,
        FailingJobModule,
      ],
    })
    class TestModule {}
    app = await NestFactory.createApplicationContext(TestModule, { logger: false });
    await app.init();
  });
  afterAll(() => app?.close());

  it('a handler that keeps throwing ends its event as failed, after the retries, with a row in errors', async () => {
    const owner = randomUUID();
    const id = await app.get(PollingService).start(owner, FAILING_KIND, { zip: '10001' });
    const dataSource = app.get(DataSource);

    const read = async () => (await dataSource.query('SELECT status FROM polling_events WHERE id = $1', [id]))[0].status as string;
    expect(await pollUntil(read, (status) => status !== 'pending', 20_000)).toBe('failed');
    expect(attempts).toEqual([1, 2]);

    const errors = await dataSource.query(`SELECT user_id, error_type, error_details FROM errors WHERE error_details->>'pollingEventId' = $1`, [id]);
    expect(errors).toEqual([
      {
        user_id: owner,
        error_type: 'JOB_FAILED',
        error_details: expect.objectContaining({ queue: FAILING_KIND, attempts: 2, message: 'partner answered 502' }),
      },
    ]);
    await expect(app.get(PollingService).getForOwner(id, owner)).resolves.toEqual({ status: 'failed', pollInterval: 1000, response: null });
  });
});
