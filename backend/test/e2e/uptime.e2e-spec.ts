import {
  INSURER_CATALOGUE,
  INSURER_UPTIME_CHECK_PATH,
  INSURER_UPTIME_HISTORY_PATH,
  UptimeTexts,
  type UptimeHistoryResponse,
  type UptimeResult,
} from '@healthlink/contracts';
import { ConfigService } from '@nestjs/config';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { JobQueueService } from '../../src/jobs';
import { INSURER_UPTIME_QUEUE, UPTIME_CACHE_MS, UPTIME_CHECK_LIMIT } from '../../src/modules/uptime/uptime.service';
import { pollUntil } from '../utils/poll';
import { startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

jest.setTimeout(120_000);

// The checked insurers: every catalogue key, and the coming-soon ones (no endpoint).
const CHECKED = INSURER_CATALOGUE.filter((entry) => entry.id === entry.insurer || entry.insurer === null);
const nameOf = (id: string) => INSURER_CATALOGUE.find((entry) => entry.id === id)?.name as string;
/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
const address = anIPv6;

describe('uptime: the insurer uptime check (public) and its history (staff)', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;
  // The public check answers from one run for 30 s: a test that needs a new run moves this process's clock past that,
  // during its call only (pg-boss compares the clock with the database's).
  let clockOffset = 0;
  let ticks = 0;
  const later = async <T>(call: () => Promise<T>): Promise<T> => {
    clockOffset = ++ticks * UPTIME_CACHE_MS;
    try {
      return await call();
    } finally {
      clockOffset = 0;
    }
  };
  const realNow = Date.now.bind(Date);

  beforeAll(async () => {
    sandbox = await startSandbox();
    app = await createTestApp({ SANDBOX_URL: sandbox.url });
    jest.spyOn(Date, 'now').mockImplementation(() => realNow() + clockOffset);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app?.close();
    await sandbox?.stop();
  });
  afterEach(() => sandbox.clearFaults());

  const get = (url: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { 'x-forwarded-for': address(), ...headers } });
  const freshCheck = async (headers: Record<string, string> = {}) => {
    const res = await later(() => get(INSURER_UPTIME_CHECK_PATH, headers));
    expect(res.statusCode).toBe(200);
    return res;
  };
  const byInsurer = (results: UptimeResult[]) => new Map(results.map((r) => [r.insurer, r]));
  const db = () => dataSourceOf(app);

  describe(`GET ${INSURER_UPTIME_CHECK_PATH}`, () => {
    it('answers without a token: every sandbox insurer passes, coming-soon ones are UNTESTABLE, no internal host or secret', async () => {
      const res = await freshCheck();
      expect(res.headers['cache-control']).toBe('no-store');
      const results = res.json() as UptimeResult[];
      expect(results.map((r) => r.insurer)).toEqual(CHECKED.map((e) => e.name));
      for (const entry of CHECKED) {
        const result = byInsurer(results).get(entry.name) as UptimeResult;
        if (entry.insurer === null) {
          expect(result).toEqual({
            insurer: entry.name,
            endpoint: '',
            status: 'UNTESTABLE',
            responseTime: null,
            message: 'No endpoint configured',
          });
        } else {
          expect(result).toEqual({
            insurer: entry.name,
            // The sandbox is on 127.0.0.1: only the path is shown.
            endpoint: `(internal host)/insurers/${entry.id}/fhir`,
            status: 'PASS',
            responseTime: expect.any(Number),
            message: 'CapabilityStatement (FHIR 4.0.1), token endpoint reachable',
          });
        }
      }
      expect(res.body).not.toContain('127.0.0.1');
      expect(res.body).not.toContain(new URL(sandbox.url).port);
      expect(res.body).not.toMatch(/secret|healthlink-/);
    });

    it('shows a faulted insurer red with its reason, the others still passing', async () => {
      await sandbox.setFault({ insurer: 'aetnaSandbox', resource: 'metadata', kind: 'status500' });
      await sandbox.setFault({ insurer: 'cignaSandbox', resource: 'metadata', kind: 'timeout', delayMs: 20_000 });
      await sandbox.setFault({ insurer: 'kaiserSandbox', resource: 'metadata', kind: 'malformedBundle' });
      const results = byInsurer((await freshCheck()).json());
      expect(results.get(nameOf('aetnaSandbox'))).toMatchObject({ status: 'FAIL', message: 'HTTP 500' });
      expect(results.get(nameOf('cignaSandbox'))).toMatchObject({ status: 'TIMEOUT', message: 'timed out after 5000 ms' });
      expect(results.get(nameOf('cignaSandbox'))?.responseTime).toBeGreaterThanOrEqual(4900);
      expect(results.get(nameOf('kaiserSandbox'))).toMatchObject({ status: 'FAIL', message: 'the answer is not JSON' });
      expect(results.get(nameOf('uhcSandbox'))).toMatchObject({ status: 'PASS' });
      // The partner's own words ("Injected fault: ...") never reach the answer.
      expect(JSON.stringify([...results.values()])).not.toContain('Injected');
    });

    it("uses the configured URLs exactly: Blue Button's slash-strict base ending in /, a token endpoint that is down", async () => {
      await app.close();
      app = await createTestApp({
        SANDBOX_URL: sandbox.url,
        INSURER_BLUE_BUTTON_FHIR_BASE_URL: `${sandbox.url}/v2/fhir/`,
        INSURER_BLUE_BUTTON_AUTHORIZE_URL: `${sandbox.url}/v2/o/authorize/`,
        INSURER_BLUE_BUTTON_TOKEN_URL: `${sandbox.url}/v2/o/token/`,
        INSURER_ANTHEM_SANDBOX_TOKEN_URL: `http://127.0.0.1:${await closedPort()}/token`,
      });
      const results = byInsurer((await freshCheck()).json());
      expect(results.get(nameOf('blueButton'))).toMatchObject({ endpoint: '(internal host)/v2/fhir/', status: 'PASS' });
      expect(results.get(nameOf('anthemSandbox'))).toMatchObject({ status: 'UNREACHABLE', message: 'token endpoint: connection refused' });
    });

    it("reads a discovered token endpoint on the FHIR server's host, and never one a partner names elsewhere", async () => {
      // A partner whose SMART configuration names the cloud metadata address: the public answer must not say whether
      // it (or any host or port of our network) answers.
      const partner = createServer((req, res) => {
        if (req.url === '/fhir/metadata') {
          res
            .writeHead(200, { 'content-type': 'application/fhir+json' })
            .end(JSON.stringify({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' }));
        } else if (req.url === '/fhir/.well-known/smart-configuration') {
          const smart = { token_endpoint: 'http://169.254.169.254/latest/meta-data/', authorization_endpoint: 'http://169.254.169.254/a' };
          res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(smart));
        } else res.writeHead(404).end();
      });
      await new Promise<void>((resolve) => partner.listen(0, '127.0.0.1', resolve));
      try {
        await app.close();
        app = await createTestApp({
          SANDBOX_URL: sandbox.url,
          // The base alone: authorize and token URLs come from SMART discovery.
          INSURER_CIGNA_FHIR_BASE_URL: `${sandbox.url}/insurers/cigna/fhir`,
          INSURER_CIGNA_CLIENT_ID: 'healthlink-cigna',
          INSURER_CIGNA_CLIENT_SECRET: 'sandbox-secret-cigna',
          INSURER_HUMANA_FHIR_BASE_URL: `http://127.0.0.1:${(partner.address() as AddressInfo).port}/fhir`,
          INSURER_HUMANA_CLIENT_ID: 'healthlink-humana',
          INSURER_HUMANA_CLIENT_SECRET: 'sandbox-secret-humana',
        });
        const res = await freshCheck();
        const results = byInsurer(res.json());
        expect(results.get(nameOf('cigna'))).toMatchObject({
          status: 'PASS',
          message: 'CapabilityStatement (FHIR 4.0.1), token endpoint reachable',
        });
        expect(results.get(nameOf('humana'))).toMatchObject({
          endpoint: '(internal host)/fhir',
          status: 'PASS',
          message: 'CapabilityStatement (FHIR 4.0.1), token endpoint not checkable (another domain)',
        });
        expect(res.body).not.toContain('169.254');
      } finally {
        partner.closeAllConnections();
        await new Promise<void>((resolve) => partner.close(() => resolve()));
      }
    });

    it('answers a burst from one run', async () => {
      const [a, b] = await later(() => Promise.all([get(INSURER_UPTIME_CHECK_PATH), get(INSURER_UPTIME_CHECK_PATH)]));
      // Response times are measured once: the same run, not two.
      expect(a.json()).toEqual(b.json());
    });

    it(`limits one address to ${UPTIME_CHECK_LIMIT.max} checks in ${UPTIME_CHECK_LIMIT.windowSeconds / 60} minutes with 429`, async () => {
      const ip = address().replace('198.51.100.', '203.0.113.');
      const statuses: number[] = [];
      for (let i = 0; i < UPTIME_CHECK_LIMIT.max + 1; i++)
        statuses.push((await get(INSURER_UPTIME_CHECK_PATH, { 'x-forwarded-for': ip })).statusCode);
      expect(statuses.slice(0, UPTIME_CHECK_LIMIT.max).every((s) => s === 200)).toBe(true);
      const blocked = await get(INSURER_UPTIME_CHECK_PATH, { 'x-forwarded-for': ip });
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json()).toMatchObject({
        code: 'REQUEST.TOO_MANY',
        message: expect.stringMatching(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/),
      });
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      // Another address is not held back.
      expect((await get(INSURER_UPTIME_CHECK_PATH)).statusCode).toBe(200);
    });

    it('answers the same with a patient token (the token is not needed, nor refused)', async () => {
      const { token } = await tokenFor(app);
      expect((await get(INSURER_UPTIME_CHECK_PATH, bearer(token))).statusCode).toBe(200);
    });
  });

  describe(`GET ${INSURER_UPTIME_HISTORY_PATH}`, () => {
    const staffToken = async () => {
      const caller = await tokenFor(app);
      await db().query(`UPDATE users SET role = 'staff' WHERE id = $1`, [caller.userId]);
      return caller.token;
    };
    const jobsSchema = () => app.get(ConfigService).get('jobs').schema as string;

    it('needs a session (401) and the staff role (403)', async () => {
      expect((await get(INSURER_UPTIME_HISTORY_PATH)).statusCode).toBe(401);
      const { token } = await tokenFor(app);
      const res = await get(INSURER_UPTIME_HISTORY_PATH, bearer(token));
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'AUTH.STAFF_ONLY' });
    });

    it('is scheduled every 5 minutes as one pg-boss cron for the cluster', async () => {
      const rows = await db().query(`SELECT cron, options->>'tz' AS tz FROM "${jobsSchema()}".schedule WHERE name = $1`, [
        INSURER_UPTIME_QUEUE,
      ]);
      expect(rows).toEqual([{ cron: '*/5 * * * *', tz: 'UTC' }]);
    });

    it('after a scheduled run: each insurer today, a faulted one failing, and runs past 30 days pruned', async () => {
      await db().query(
        `INSERT INTO insurer_uptime_checks (insurer, status, response_time_ms, message, checked_at) VALUES ('uhcSandbox', 'FAIL', 10, 'HTTP 500', now() - interval '31 days')`,
      );
      await sandbox.setFault({ insurer: 'centeneSandbox', resource: 'metadata', kind: 'status500' });
      const [{ before }] = await db().query(`SELECT now() AS before`);
      // What the cron sends at each tick.
      await app.get(JobQueueService).send(INSURER_UPTIME_QUEUE, {});
      const stored = await pollUntil(
        async () =>
          (await db().query(`SELECT insurer, status, message FROM insurer_uptime_checks WHERE created_at >= $1`, [before])) as {
            insurer: string;
            status: string;
            message: string;
          }[],
        (rows) => rows.length === CHECKED.length,
        30_000,
        100,
      );
      expect(stored).toHaveLength(CHECKED.length);
      expect(stored).toContainEqual({ insurer: 'centeneSandbox', status: 'FAIL', message: 'HTTP 500' });
      expect(stored).toContainEqual({ insurer: 'molina', status: 'UNTESTABLE', message: 'No endpoint configured' });
      const old = await pollUntil(
        async () =>
          (await db().query(`SELECT count(*)::int AS n FROM insurer_uptime_checks WHERE checked_at < now() - interval '30 days'`))[0]
            .n as number,
        (n) => n === 0,
      );
      expect(old).toBe(0);

      const res = await get(INSURER_UPTIME_HISTORY_PATH, bearer(await staffToken()));
      expect(res.statusCode).toBe(200);
      const history = res.json() as UptimeHistoryResponse;
      expect(history).toMatchObject({ days: 30, intervalMinutes: 5 });
      expect(history.insurers.map((e) => e.insurer).slice(0, CHECKED.length)).toEqual(CHECKED.map((e) => e.name));
      const today = `${new Date(realNow()).toISOString().slice(0, 10)}T00:00:00.000Z`;
      const centene = history.insurers.find((e) => e.insurer === nameOf('centeneSandbox'));
      const centeneToday = centene?.samples.find((s) => s.checkedAt === today);
      expect(centeneToday).toMatchObject({ status: 'FAIL' });
      expect(centeneToday!.checks).toBeGreaterThan(centeneToday!.passed);
      expect(centene!.uptime).toBeLessThan(1);
      const uhcSandbox = history.insurers.find((e) => e.insurer === nameOf('uhcSandbox'));
      expect(uhcSandbox?.samples.find((s) => s.checkedAt === today)).toMatchObject({
        checks: expect.any(Number),
        passed: expect.any(Number),
      });
      const molina = history.insurers.find((e) => e.insurer === nameOf('molina'));
      expect(molina?.uptime).toBeNull();
      expect(molina?.samples.find((s) => s.checkedAt === today)).toMatchObject({ status: 'UNTESTABLE', passed: 0 });
      // The answer is shaped for the page: one sample per insurer and day, never one per run.
      for (const entry of history.insurers) expect(entry.samples.length).toBeLessThanOrEqual(31);
      expect(UptimeTexts.failed).toBe('Failed to fetch uptime check results.');
    });
  });
});
