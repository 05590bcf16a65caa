import { rmSync } from 'node:fs';
import { signUpOver } from '../utils/accounts';
import { pollUntil } from '../utils/poll';
import { freePort } from '../utils/ports';
import { BackendProcess, FIRST_BOOT_TIMEOUT_MS, spawnBackend, tempDataDir, waitForHttp, waitForOutput } from '../utils/processes';
import { answerAuthorizePage, startSandbox, type RunningSandbox } from '../utils/sandbox';
import { TEST_JWT_SECRET } from '../utils/test-app';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueDatabaseName } from '../utils/test-database';

jest.setTimeout(240_000);

// A worker process killed (SIGKILL) in the middle of a fetch: its job is presumed lost once it expires, a
// new worker retries it, and the data ends complete, with no duplicate rows.
describe('a worker killed in the middle of an insurer fetch', () => {
  const children: BackendProcess[] = [];
  const dbName = uniqueDatabaseName('healthlink_crash');
  const dataDir = tempDataDir('healthlink-crash-');
  let databaseUrl: string;
  let sandbox: RunningSandbox;
  let apiBase: string;

  const env = () => ({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    AUTH_JWT_SECRET: TEST_JWT_SECRET,
    TOKEN_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
    HOST: '127.0.0.1',
    LOG_LEVEL: 'info',
    DATA_DIR: dataDir,
    SANDBOX_URL: sandbox.url,
    PUBLIC_URL: 'http://localhost:8080',
    JOBS_EXPIRE_SECONDS: '4',
    JOBS_MAINTENANCE_INTERVAL_SECONDS: '1',
  });
  const startWorker = async () => {
    const worker = spawnBackend({ ...env(), APP_ROLE: 'worker' });
    children.push(worker);
    await waitForOutput(worker, 'working queues');
    return worker;
  };

  beforeAll(async () => {
    databaseUrl = await createDatabase(testDatabaseUrl(), dbName);
    sandbox = await startSandbox();
    const port = await freePort();
    apiBase = `http://127.0.0.1:${port}`;
    const api = spawnBackend({ ...env(), APP_ROLE: 'api', PORT: String(port) });
    children.push(api);
    await waitForHttp(`${apiBase}/api/health`, api, FIRST_BOOT_TIMEOUT_MS);
  });
  afterAll(async () => {
    await Promise.all(children.map((child) => child.stop()));
    await sandbox?.stop();
    await dropDatabase(testDatabaseUrl(), dbName);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('completes the data after a new worker takes the job over, without duplicates', async () => {
    const firstWorker = await startWorker();
    const { token } = await signUpOver(apiBase);
    const call = async (method: string, path: string, body?: object) => {
      const res = await fetch(`${apiBase}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return res.json() as Promise<Record<string, unknown>>;
    };
    const settle = (id: unknown) =>
      pollUntil(
        () => call('GET', `/api/pollingEvent/${id}`),
        (e) => e.status !== 'pending',
        90_000,
        200,
      );

    const { link } = await call('GET', '/api/insurerDataFetch/humanaFetch/oauth2/authorize');
    const back = await answerAuthorizePage(String(link), 'approve', 'member-typical');
    const linked = await settle(
      (
        await call('POST', '/api/insurerDataFetch/humanaFetch/oauth2/tokenCallback', {
          authCode: back.get('code'),
          state: back.get('state'),
        })
      ).pollingEventID,
    );
    expect(linked.status).toBe('complete');

    // Slow pages keep the fetch in flight; the worker dies in the middle of it.
    await sandbox.setFault({ insurer: 'humana', resource: 'ExplanationOfBenefit', kind: 'slow', delayMs: 1500 });
    const started = await call('POST', '/api/insurerDataFetch/humanaFetch/getPatientEOB');
    await new Promise((r) => setTimeout(r, 2500));
    firstWorker.child.kill('SIGKILL');
    expect((await call('GET', `/api/pollingEvent/${started.pollingEventID}`)).status).toBe('pending');

    await sandbox.clearFaults();
    await startWorker();
    const event = await settle(started.pollingEventID);
    expect(event.status).toBe('complete');
    const stored = (event.response as { count: number }).count;
    expect(stored).toBeGreaterThan(100);

    // Every claim stored once: the list's total counts them all (its rows are one page).
    expect((await call('GET', '/api/explanationOfBenefits')).total).toBe(stored);

    // Fetched again: the same rows, updated in place.
    const again = await settle((await call('POST', '/api/insurerDataFetch/humanaFetch/getPatientEOB')).pollingEventID);
    expect(again.status).toBe('complete');
    expect((await call('GET', '/api/explanationOfBenefits')).total).toBe(stored);
  });
});
