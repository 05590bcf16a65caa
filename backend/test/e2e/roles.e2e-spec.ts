import { rmSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pollUntil } from '../utils/poll';
import { freePort } from '../utils/ports';
import { BackendProcess, FIRST_BOOT_TIMEOUT_MS, spawnBackend, tempDataDir, waitForHttp, waitForOutput } from '../utils/processes';
import { TEST_JWT_SECRET } from '../utils/test-app';
import { signUpOver } from '../utils/accounts';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueDatabaseName } from '../utils/test-database';

jest.setTimeout(240_000);

// Two OS processes from dist/main.js sharing one PostgreSQL: an API that only queues and a worker that only works.
describe('roles: api and worker processes share the work through PostgreSQL', () => {
  const children: BackendProcess[] = [];
  const dbName = uniqueDatabaseName('healthlink_roles');
  let databaseUrl: string;
  let apiBase: string;
  let token: string;

  const baseEnv = () => ({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: join(tmpdir(), 'healthlink-test-data'),
    // The probe route (tests only) shows which process handled a job.
    JOBS_PROBE_ROUTE: 'true',
  });
  const startWorker = async () => {
    const worker = spawnBackend({ ...baseEnv(), APP_ROLE: 'worker' });
    children.push(worker);
    await waitForOutput(worker, 'working queues', FIRST_BOOT_TIMEOUT_MS); // the first one boots with the api on a new database
    return worker;
  };
  const startProbe = async (): Promise<string> => {
    const res = await fetch(`${apiBase}/api/jobs/probe`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(202);
    return ((await res.json()) as { pollingEventID: string }).pollingEventID;
  };
  const readEvent = async (id: string) => {
    const res = await fetch(`${apiBase}/api/pollingEvent/${id}`, { headers: { authorization: `Bearer ${token}` } });
    return (await res.json()) as { status: string; response: { handledBy: { pid: number; role: string } } | null };
  };

  beforeAll(async () => {
    // Its own database, so the in-process apps of other test files (role all) cannot take these jobs.
    databaseUrl = await createDatabase(testDatabaseUrl(), dbName);
    const port = await freePort();
    apiBase = `http://127.0.0.1:${port}`;
    const api = spawnBackend({ ...baseEnv(), APP_ROLE: 'api', PORT: String(port) });
    children.push(api);
    // Its own database: this boot imports the reference data.
    await Promise.all([waitForHttp(`${apiBase}/api/health`, api, FIRST_BOOT_TIMEOUT_MS), startWorker()]);
    token = (await signUpOver(apiBase)).token;
  });

  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await dropDatabase(testDatabaseUrl(), dbName);
  });

  it('the worker process, not the api, handles a probe', async () => {
    const worker = children[1];
    const id = await startProbe();
    const event = await pollUntil(
      () => readEvent(id),
      (e) => e.status !== 'pending',
    );
    expect(event.status).toBe('complete');
    expect(event.response?.handledBy).toMatchObject({ pid: worker.pid, role: 'worker' });
  });

  it('a job queued while no worker runs waits in PostgreSQL for the next worker', async () => {
    const first = children[1];
    expect(await first.stop()).toBe(0);

    const id = await startProbe();
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect((await readEvent(id)).status).toBe('pending');

    const next = await startWorker();
    const event = await pollUntil(
      () => readEvent(id),
      (e) => e.status !== 'pending',
    );
    expect(event.status).toBe('complete');
    expect(event.response?.handledBy).toMatchObject({ pid: next.pid, role: 'worker' });
  });
});

describe('fresh machine: no DATABASE_URL', () => {
  let proc: BackendProcess | undefined;
  const dataDir = tempDataDir('healthlink-fresh-');

  afterAll(async () => {
    await proc?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts embedded PostgreSQL, serves /api/pingServer and stops the database on SIGTERM', async () => {
    const [port, pgPort] = [await freePort(), await freePort()];
    proc = spawnBackend({ APP_ROLE: 'all', HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort) });
    await waitForHttp(`http://127.0.0.1:${port}/api/pingServer`, proc, 90_000);
    expect(await (await fetch(`http://127.0.0.1:${port}/api/pingServer`)).json()).toEqual({ message: 'pong' });

    expect(await proc.stop()).toBe(0);
    const pgAccepts = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port: pgPort });
      socket.once('connect', () => (socket.destroy(), resolve(true)));
      socket.once('error', () => resolve(false));
    });
    expect(pgAccepts).toBe(false);
  });
});
