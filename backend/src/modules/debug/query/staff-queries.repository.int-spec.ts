import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../../test/factories/user.factory';
import { openTestDataSource } from '../../../../test/utils/test-data-source';
import { StaffQueryEntity } from './entities/staff-query.entity';
import { REDACTED_SQL, StaffQueriesRepository } from './staff-queries.repository';

describe('StaffQueriesRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: StaffQueriesRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([StaffQueryEntity]);
    repository = new StaffQueriesRepository(dataSource.getRepository(StaffQueryEntity));
  });
  afterAll(() => dataSource?.destroy());

  it('records a query as running, then its outcome, count and time', async () => {
    const staff = await createUser(dataSource);
    const id = await repository.insert({ userId: staff.id, sql: 'SELECT * FROM errors', outcome: 'running' });
    await expect(repository.findById(id)).resolves.toMatchObject({
      userId: staff.id,
      outcome: 'running',
      rowCount: null,
      durationMs: null,
    });
    await repository.finish(id, { outcome: 'ok', rowCount: 3, durationMs: 12 });
    await expect(repository.findById(id)).resolves.toMatchObject({
      sql: 'SELECT * FROM errors',
      outcome: 'ok',
      detail: null,
      rowCount: 3,
      durationMs: 12,
      createdAt: expect.any(Date),
    });
  });

  it('refuses an outcome outside the four and a text longer than the tool accepts', async () => {
    const staff = await createUser(dataSource);
    await expect(repository.insert({ userId: staff.id, sql: 'SELECT 1', outcome: 'done' as never })).rejects.toThrow(
      /chk_staff_queries_outcome/,
    );
    await expect(repository.insert({ userId: staff.id, sql: 'x'.repeat(20_001), outcome: 'refused' })).rejects.toThrow(
      /chk_staff_queries_sql/,
    );
  });

  it("keeps a deleted staff member's rows without their id", async () => {
    const staff = await createUser(dataSource);
    const id = await repository.insert({ userId: staff.id, sql: 'SELECT 1', outcome: 'refused', detail: 'why' });
    await dataSource.query('DELETE FROM users WHERE id = $1', [staff.id]);
    await expect(repository.findById(id)).resolves.toMatchObject({ userId: null, sql: 'SELECT 1', outcome: 'refused', detail: 'why' });
  });

  it('redacts the texts that name a deleted account (id or e-mail, any case) and leaves the others', async () => {
    const staff = await createUser(dataSource);
    const gone = { userId: randomUUID(), email: `gone.${randomUUID().slice(0, 8)}@example.com` };
    const byEmail = await repository.insert({
      userId: staff.id,
      sql: `SELECT * FROM errors WHERE error_details::text ILIKE '%${gone.email.toUpperCase()}%'`,
      outcome: 'ok',
    });
    const byId = await repository.insert({ userId: staff.id, sql: `SELECT * FROM errors WHERE user_id = '${gone.userId}'`, outcome: 'ok' });
    const other = await repository.insert({
      userId: staff.id,
      sql: "SELECT * FROM errors WHERE host = 'someone@example.com'",
      outcome: 'ok',
    });

    await expect(repository.redactNaming(gone)).resolves.toBe(2);
    await expect(repository.findById(byEmail)).resolves.toMatchObject({ sql: REDACTED_SQL, userId: staff.id, outcome: 'ok' });
    await expect(repository.findById(byId)).resolves.toMatchObject({ sql: REDACTED_SQL });
    await expect(repository.findById(other)).resolves.toMatchObject({ sql: "SELECT * FROM errors WHERE host = 'someone@example.com'" });
  });

  it("redacts the gate's reason with the text, and keeps a failure's SQLSTATE", async () => {
    const staff = await createUser(dataSource);
    const gone = { userId: randomUUID(), email: `gone.${randomUUID().slice(0, 8)}@example.com` };
    const refused = await repository.insert({
      userId: staff.id,
      sql: `SELEC * FROM errors WHERE host = '${gone.email}'`,
      outcome: 'refused',
      detail: `The query could not be read: syntax error at or near "SELEC" ('${gone.email}').`,
    });
    const failed = await repository.insert({ userId: staff.id, sql: `SELECT '${gone.userId}'::int`, outcome: 'running' });
    await repository.finish(failed, { outcome: 'failed', detail: '22P02' });
    const reasonOnly = await repository.insert({
      userId: staff.id,
      sql: 'SELECT 1',
      outcome: 'refused',
      detail: `quoting ${gone.userId.toUpperCase()}`,
    });

    await expect(repository.redactNaming(gone)).resolves.toBe(3);
    await expect(repository.findById(refused)).resolves.toMatchObject({ sql: REDACTED_SQL, detail: null, outcome: 'refused' });
    await expect(repository.findById(failed)).resolves.toMatchObject({ sql: REDACTED_SQL, detail: '22P02', outcome: 'failed' });
    await expect(repository.findById(reasonOnly)).resolves.toMatchObject({ sql: REDACTED_SQL, detail: null });
  });

  it('refuses to redact without both the id and the e-mail (an empty one would match every row)', async () => {
    await expect(repository.redactNaming({ userId: randomUUID(), email: '' })).rejects.toThrow(/both/);
  });
});
