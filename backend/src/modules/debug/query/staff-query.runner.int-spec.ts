import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import { Client } from 'pg';
import { DataSource } from 'typeorm';
import { freePort } from '../../../../test/utils/ports';
import type { AppConfig } from '../../../config';
import { startEmbeddedPostgres, type EmbeddedPostgresHandle } from '../../../database';
import { QUERY_ROLE_NAME, scramVerifier } from './query-role';
import { QueryRoleRepository } from './query-role.repository';
import { QUERY_TOOL_UNAVAILABLE, StaffQueryRunner } from './staff-query.runner';

jest.setTimeout(120_000);

/**
 * The query role on a server that checks passwords (the embedded PostgreSQL, SCRAM-SHA-256), as `npm start` runs it:
 * the role is made with a verifier of the derived password and logs in with it; it cannot read beyond the three
 * tables; an app user that may not make roles, or a configured login that can do more than read, switches the tool off.
 */
describe('StaffQueryRunner and the query role (embedded PostgreSQL, password authentication)', () => {
  let dir: string;
  let pg: EmbeddedPostgresHandle;
  let admin: DataSource;
  const runners: StaffQueryRunner[] = [];
  const sources: DataSource[] = [];

  const withLogin = (user: string, password: string): string => {
    const url = new URL(pg.url);
    url.username = user;
    url.password = password;
    return url.toString();
  };
  const open = async (url: string): Promise<DataSource> => {
    const source = await new DataSource({ type: 'postgres', url, extra: { max: 3 } }).initialize();
    sources.push(source);
    return source;
  };
  const runnerFor = (
    source: DataSource,
    database: { url: string; queryToolUrl?: string },
    secret = 'a-reset-code-secret-for-the-query-role',
  ): StaffQueryRunner => {
    const config = {
      get: (key: string) => (key === 'database' ? database : { resetCodeSecret: secret }),
    } as unknown as ConfigService<AppConfig, true>;
    const runner = new StaffQueryRunner(config, new QueryRoleRepository(source));
    runners.push(runner);
    return runner;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'healthlink-query-role-'));
    await chmod(dir, 0o755);
    pg = await startEmbeddedPostgres({ dataDir: join(dir, 'pg'), port: await freePort(), password: 'admin-secret', persistent: false });
    admin = await open(pg.url);
    await admin.query(`
      CREATE TABLE errors (id serial PRIMARY KEY, error_type text NOT NULL);
      CREATE TABLE ndc_products (product_ndc text PRIMARY KEY);
      CREATE TABLE ndc_packages (ndc11 text PRIMARY KEY);
      CREATE TABLE users (id serial PRIMARY KEY, email text NOT NULL);
      INSERT INTO errors (error_type) VALUES ('ONE'), ('TWO');
      INSERT INTO users (email) VALUES ('someone@example.com');`);
  });
  afterAll(async () => {
    for (const runner of runners) await runner.onModuleDestroy();
    for (const source of sources) await source.destroy().catch(() => undefined);
    await pg?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('makes the role, logs in with the derived password and reads the three tables, nothing else', async () => {
    const runner = runnerFor(admin, { url: pg.url });
    await expect(runner.run('SELECT error_type FROM errors ORDER BY id')).resolves.toMatchObject({
      columns: ['error_type'],
      rows: [{ error_type: 'ONE' }, { error_type: 'TWO' }],
      truncated: false,
    });
    await expect(runner.run('SELECT * FROM users')).rejects.toMatchObject({ kind: 'database', sqlState: '42501' });
    await expect(runner.run("INSERT INTO errors (error_type) VALUES ('x') RETURNING id")).rejects.toMatchObject({ kind: 'database' });
    const [role] = await admin.query(
      `SELECT rolsuper, rolcreaterole, rolcreatedb, rolinherit, rolcanlogin, rolpassword LIKE 'SCRAM-SHA-256$%' AS scram,
              (SELECT count(*)::int FROM pg_auth_members m WHERE m.member = r.oid) AS memberships
         FROM pg_authid r WHERE rolname = $1`,
      [QUERY_ROLE_NAME],
    );
    expect(role).toEqual({
      rolsuper: false,
      rolcreaterole: false,
      rolcreatedb: false,
      rolinherit: false,
      rolcanlogin: true,
      scram: true,
      memberships: 0,
    });
    expect(await admin.query(`SELECT count(*)::int AS n FROM errors`)).toEqual([{ n: 2 }]);
    // The server checks the password: the role is not reachable without the derived one.
    const stranger = new Client({ connectionString: withLogin(QUERY_ROLE_NAME, 'not-the-password') });
    await expect(stranger.connect()).rejects.toMatchObject({ code: '28P01' });
    await stranger.end().catch(() => undefined);
  });

  it('tolerates processes ensuring the role at the same moment', async () => {
    const repositories = [new QueryRoleRepository(await open(pg.url)), new QueryRoleRepository(await open(pg.url))];
    const verifier = scramVerifier('concurrent-ensure-password');
    await expect(
      Promise.all([...repositories, ...repositories].map((r) => r.ensure('healthlink_query_race', verifier))),
    ).resolves.toHaveLength(4);
  });

  it('logs in again after another process gave the role another password', async () => {
    const runner = runnerFor(admin, { url: pg.url });
    await runner.run('SELECT 1');
    await admin.query(`ALTER ROLE ${QUERY_ROLE_NAME} PASSWORD 'changed-elsewhere-password'`);
    await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [QUERY_ROLE_NAME]);
    await new Promise((resolve) => setTimeout(resolve, 300)); // the pool notices its idle connections ended
    await expect(runner.run('SELECT count(*)::int AS n FROM errors')).resolves.toMatchObject({ rows: [{ n: 2 }] });
  });

  it('checks each new connection again: a grant made after the pool was switches the tool off', async () => {
    const runner = runnerFor(admin, { url: pg.url });
    await expect(runner.run('SELECT count(*)::int AS n FROM errors')).resolves.toMatchObject({ rows: [{ n: 2 }] });
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await admin.query(`GRANT SELECT ON users TO ${QUERY_ROLE_NAME}`);
    try {
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [QUERY_ROLE_NAME]);
      await new Promise((resolve) => setTimeout(resolve, 300)); // the pool notices its idle connections ended
      await expect(runner.run('SELECT count(*) FROM errors')).rejects.toMatchObject({
        kind: 'unavailable',
        message: QUERY_TOOL_UNAVAILABLE.unsafeRole,
      });
      expect(logged).toHaveBeenLastCalledWith(
        { beyond: ['public.users'], roleUnsafe: false },
        'the query tool login can do more than read',
      );
    } finally {
      await admin.query(`REVOKE SELECT ON users FROM ${QUERY_ROLE_NAME}`);
      logged.mockRestore();
    }
    await expect(runner.run('SELECT count(*)::int AS n FROM errors')).resolves.toMatchObject({ rows: [{ n: 2 }] });
  });

  it('a pool made again after a refused login checks the login again', async () => {
    const runner = runnerFor(admin, { url: pg.url });
    await runner.run('SELECT 1');
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await admin.query(`GRANT SELECT ON users TO ${QUERY_ROLE_NAME}`);
    try {
      // Another process changed the password: the runner resets its pool, ensures the role and logs in anew.
      await admin.query(`ALTER ROLE ${QUERY_ROLE_NAME} PASSWORD 'changed-elsewhere-again'`);
      await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [QUERY_ROLE_NAME]);
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(runner.run('SELECT 1')).rejects.toMatchObject({ message: QUERY_TOOL_UNAVAILABLE.unsafeRole });
    } finally {
      await admin.query(`REVOKE SELECT ON users FROM ${QUERY_ROLE_NAME}`);
      logged.mockRestore();
    }
  });

  it('answers unavailable, and never runs the query, when the app user may not make the role', async () => {
    await admin.query(`CREATE ROLE app_without_createrole LOGIN PASSWORD 'limited-password' NOCREATEROLE`);
    await admin.query(`GRANT SELECT ON users TO app_without_createrole`);
    const limited = await open(withLogin('app_without_createrole', 'limited-password'));
    const runner = runnerFor(
      limited,
      { url: withLogin('app_without_createrole', 'limited-password') },
      'another-secret-so-the-password-differs',
    );
    await expect(runner.run('SELECT * FROM users')).rejects.toMatchObject({
      kind: 'unavailable',
      message: QUERY_TOOL_UNAVAILABLE.notPermitted,
    });
  });

  it('refuses a configured login that can do more than read the three tables, and logs the tables (no login)', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    await expect(runnerFor(admin, { url: pg.url, queryToolUrl: pg.url }).run('SELECT 1')).rejects.toMatchObject({
      kind: 'unavailable',
      message: QUERY_TOOL_UNAVAILABLE.unsafeRole,
    });
    await admin.query(`CREATE ROLE ops_reader_wide LOGIN PASSWORD 'wide-password'`);
    await admin.query(`GRANT SELECT ON errors, ndc_products, ndc_packages TO ops_reader_wide`);
    await admin.query(`GRANT SELECT (email) ON users TO ops_reader_wide`);
    const wide = runnerFor(admin, { url: pg.url, queryToolUrl: withLogin('ops_reader_wide', 'wide-password') });
    await expect(wide.run('SELECT 1')).rejects.toMatchObject({ message: QUERY_TOOL_UNAVAILABLE.unsafeRole });
    expect(logged).toHaveBeenLastCalledWith({ beyond: ['public.users'], roleUnsafe: false }, 'the query tool login can do more than read');
    expect(JSON.stringify(logged.mock.calls)).not.toContain('wide-password');
    logged.mockRestore();
  });

  it('answers unavailable when a configured login is refused', async () => {
    await admin.query(`CREATE ROLE ops_reader_refused LOGIN PASSWORD 'right-password'`);
    const runner = runnerFor(admin, { url: pg.url, queryToolUrl: withLogin('ops_reader_refused', 'wrong-password') });
    await expect(runner.run('SELECT 1')).rejects.toMatchObject({ kind: 'unavailable', message: QUERY_TOOL_UNAVAILABLE.loginRefused });
  });

  it("uses an operator's read-only login as given", async () => {
    await admin.query(`CREATE ROLE ops_reader LOGIN PASSWORD 'ops-password' NOINHERIT`);
    await admin.query(`GRANT SELECT ON errors, ndc_products, ndc_packages TO ops_reader`);
    const runner = runnerFor(admin, { url: pg.url, queryToolUrl: withLogin('ops_reader', 'ops-password') });
    await expect(runner.run('SELECT current_user AS who, count(*)::int AS n FROM errors')).resolves.toMatchObject({
      rows: [{ who: 'ops_reader', n: 2 }],
    });
  });
});
