import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../test/factories/user.factory';
import { openTestDataSource } from '../../test/utils/test-data-source';
import { testDatabaseUrl } from '../../test/utils/test-database';
import { staffRolesOn, type StaffRolesService } from '../modules/auth';
import { main, runStaffCommand } from './staff';

/** `npm run staff`: the role and its record on real PostgreSQL (the run's migrated test database). */
describe('npm run staff (PostgreSQL)', () => {
  let dataSource: DataSource;
  let service: StaffRolesService;
  let stdout: jest.SpyInstance;
  let stderr: jest.SpyInstance;
  const env = () => ({ NODE_ENV: 'test', DATABASE_URL: testDatabaseUrl(), AUTH_JWT_SECRET: 'x'.repeat(48), LOG_LEVEL: 'silent' });
  const roleOf = async (id: string) =>
    ((await dataSource.query('SELECT role FROM users WHERE id = $1', [id])) as { role: string }[])[0]?.role;
  const changesOf = (id: string): Promise<{ action: string; changed_by: string }[]> =>
    dataSource.query('SELECT action, changed_by FROM staff_role_changes WHERE user_id = $1 ORDER BY created_at, action', [id]);
  const printed = (spy: jest.SpyInstance) => spy.mock.calls.map(([text]) => String(text)).join('');

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    service = staffRolesOn(dataSource);
  });
  afterAll(() => dataSource?.destroy());
  beforeEach(() => {
    stdout = jest.spyOn(process.stdout, 'write').mockImplementation(() => true);
    stderr = jest.spyOn(process.stderr, 'write').mockImplementation(() => true);
  });
  afterEach(() => jest.restoreAllMocks());

  it('grants through the real entry point (config, migrations, database), records who, and says so', async () => {
    const user = await createUser(dataSource);
    expect(await main(['grant', user.email.toUpperCase(), '--by', 'Grace Hopper'], env())).toBe(0);
    expect(await roleOf(user.id)).toBe('staff');
    expect(await changesOf(user.id)).toEqual([{ action: 'grant', changed_by: 'Grace Hopper' }]);
    expect(printed(stdout)).toBe(`${user.email} is now staff (recorded: granted by Grace Hopper).\n`);
  });

  it('granting someone already staff says so and records nothing; revoke records the OS user when no --by', async () => {
    const user = await createUser(dataSource);
    expect(await runStaffCommand(service, ['grant', user.email, '--by=Ops'])).toBe(0);
    expect(await runStaffCommand(service, ['grant', user.email, '--by', 'Someone else'])).toBe(0);
    expect(printed(stdout)).toContain(`${user.email} is already staff: nothing changed.\n`);
    expect(await changesOf(user.id)).toEqual([{ action: 'grant', changed_by: 'Ops' }]);

    expect(await runStaffCommand(service, ['revoke', user.email], () => 'operator7')).toBe(0);
    expect(await roleOf(user.id)).toBe('patient');
    expect((await changesOf(user.id)).map((row) => row.changed_by)).toEqual(['Ops', 'operator7']);
    expect(await runStaffCommand(service, ['revoke', user.email], () => 'operator7')).toBe(0);
    expect(printed(stdout)).toContain(`${user.email} is not staff: nothing changed.\n`);
    expect(await changesOf(user.id)).toHaveLength(2);
  });

  it('an unknown e-mail exits 1 with a clear message and changes nothing', async () => {
    const email = `nobody.${randomUUID()}@example.org`;
    expect(await runStaffCommand(service, ['grant', email, '--by', 'Ops'])).toBe(1);
    expect(printed(stderr)).toBe(`No account has the e-mail ${email}: nothing changed.\n`);
    expect(printed(stdout)).toBe('');
  });

  it('refuses bad usage (exit 2) and an operator name that is empty, too long or has control characters', async () => {
    const user = await createUser(dataSource);
    for (const args of [
      [],
      ['promote', user.email],
      ['grant'],
      ['grant', user.email, '--by'],
      ['grant', user.email, 'other@example.org'],
      ['list', 'x'],
    ]) {
      expect({ args, code: await runStaffCommand(service, args) }).toEqual({ args, code: 2 });
    }
    for (const by of ['   ', 'x'.repeat(201), 'Ops\nInjected line']) {
      expect({ by, code: await runStaffCommand(service, ['grant', user.email, '--by', by]) }).toEqual({ by, code: 2 });
    }
    // No OS user and no --by: nobody to record.
    expect(await runStaffCommand(service, ['grant', user.email], () => undefined)).toBe(2);
    expect(await roleOf(user.id)).toBe('patient');
    expect(await changesOf(user.id)).toEqual([]);
  });

  it('two grants at once record one change (the account row is locked)', async () => {
    const user = await createUser(dataSource);
    const outcomes = await Promise.all([service.change(user.email, 'grant', 'A'), service.change(user.email, 'grant', 'B')]);
    expect(outcomes.map((o) => o.outcome).sort()).toEqual(['changed', 'unchanged']);
    expect(await changesOf(user.id)).toHaveLength(1);
  });

  it('lists the staff with the last grant, and the record goes with the account', async () => {
    const user = await createUser(dataSource);
    await service.change(user.email, 'grant', 'Ops');
    expect(await runStaffCommand(service, ['list'])).toBe(0);
    expect(printed(stdout)).toMatch(
      new RegExp(
        `^${user.email.replace(/[.]/g, '\\.')}  ${user.firstName} ${user.lastName}  named \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z by Ops$`,
        'm',
      ),
    );
    await dataSource.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await changesOf(user.id)).toEqual([]);
  });
});
