import { FETCH_SETS, FIRST_WAVE, type FetchOperation, type InsurerKey } from '@healthlink/contracts';
import { ConfigService } from '@nestjs/config';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Writable } from 'node:stream';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../src/config';
import { createDataSourceOptions } from '../../src/database/data-source-options';
import { runMigrationsExclusively } from '../../src/database/migrate';
import { JobQueueService } from '../../src/jobs';
import { Clock } from '../../src/modules/insurers/clock';
import { RELINK_NOTICE_QUEUE, RESYNC_LINK_QUEUE, RESYNC_LINKS_QUEUE } from '../../src/modules/insurers/insurer-resync.service';
import { TokenCipher } from '../../src/modules/insurers/token-cipher';
import { mailTo } from '../utils/mail-catcher';
import { pollUntil } from '../utils/poll';
import { answerAuthorizePage, startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';
import { createDatabase, dropDatabase, testDatabaseUrl, uniqueDatabaseName } from '../utils/test-database';

jest.setTimeout(240_000);

const HOUR = 3_600_000;
// Cigna rotates refresh tokens (single use); its set is demographics and claims.
const INSURER: InsurerKey = 'cignaSandbox';
const MEMBER = 'member-typical';

/** The app's JSON log lines. */
class CapturedLog extends Writable {
  private readonly chunks: string[] = [];

  override _write(chunk: Buffer | string, _encoding: BufferEncoding, done: () => void): void {
    this.chunks.push(chunk.toString());
    done();
  }

  get text(): string {
    return this.chunks.join('');
  }

  lines(): Record<string, unknown>[] {
    return this.text
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Record<string, unknown>);
  }
}

interface LinkRow {
  id: string;
  status: string;
  last_synced_at: Date | null;
  relink_notified_at: Date | null;
  access_token_enc: string;
  refresh_token_enc: string;
}

/**
 * The daily re-sync against the sandbox insurer, with the clock moved instead of waited for: the token refreshed
 * (and rotated), only what changed fetched, nothing stored twice; a refused refresh asks the member to link again,
 * by one e-mail however often the re-sync runs.
 */
describe('insurers: the daily re-sync of linked insurers', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;
  let databaseName: string;
  let offsetMs = 0;
  const log = new CapturedLog();

  beforeAll(async () => {
    sandbox = await startSandbox();
    // A database of its own: a run walks every due link of the database, and other test files' links hold tokens
    // of other sandboxes (this one would refuse them and ask those members to link again).
    databaseName = uniqueDatabaseName('healthlink_resync');
    const url = await createDatabase(testDatabaseUrl(), databaseName);
    const migrations = await new DataSource(createDataSourceOptions(url)).initialize();
    await runMigrationsExclusively(migrations).finally(() => migrations.destroy());
    app = await createTestApp(
      { DATABASE_URL: url, SANDBOX_URL: sandbox.url, PUBLIC_URL: 'http://localhost:8080', JOBS_RETRY_LIMIT: '0', LOG_LEVEL: 'info' },
      { logStream: log },
    );
    jest.spyOn(app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + offsetMs));
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
    if (databaseName) await dropDatabase(testDatabaseUrl(), databaseName);
  });

  const db = () => dataSourceOf(app);
  const jobsSchema = () => app.get(ConfigService<AppConfig, true>).get('jobs', { infer: true }).schema;
  const api = (token: string) => ({
    get: (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) }),
    post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload, headers: bearer(token) }),
  });
  const admin = async (path: string, expected: number) => {
    const res = await fetch(`${sandbox.url}/insurers/_admin/${path}`, { method: 'POST' });
    expect(res.status).toBe(expected);
    return res.json() as Promise<Record<string, unknown>>;
  };

  async function settle(token: string, pollingEventID: string): Promise<string> {
    const event = await pollUntil(
      async () => (await api(token).get(`/api/pollingEvent/${pollingEventID}`)).json() as { status: string },
      (e) => e.status !== 'pending',
      60_000,
      100,
    );
    return event.status;
  }

  /** Links the member as the web does: the insurer's page, the callback, then the fetch waves. */
  async function linkAndFetch(token: string): Promise<void> {
    const { link } = (await api(token).get(`/api/insurerDataFetch/${INSURER}Fetch/oauth2/authorize`)).json();
    const back = await answerAuthorizePage(link, 'approve', MEMBER);
    const started = await api(token).post(`/api/insurerDataFetch/${INSURER}Fetch/oauth2/tokenCallback`, {
      authCode: back.get('code'),
      state: back.get('state'),
    });
    expect(started.statusCode).toBe(202);
    expect(await settle(token, started.json().pollingEventID)).toBe('complete');
    const wave = async (ops: FetchOperation[]) =>
      Promise.all(
        ops.map(async (op) => {
          const res = await api(token).post(`/api/insurerDataFetch/${INSURER}Fetch/${op}`);
          expect(await settle(token, res.json().pollingEventID)).toBe('complete');
        }),
      );
    await wave(FETCH_SETS[INSURER].filter((op) => FIRST_WAVE.includes(op)));
    await wave(FETCH_SETS[INSURER].filter((op) => !FIRST_WAVE.includes(op)));
  }

  const linkOf = async (userId: string): Promise<LinkRow> =>
    (
      await db().query(
        `SELECT id, status, last_synced_at, relink_notified_at, access_token_enc, refresh_token_enc FROM insurer_links
         WHERE user_id = $1 AND insurer_key = $2`,
        [userId, INSURER],
      )
    )[0];

  const counts = async (userId: string) =>
    (
      await db().query(
        `SELECT (SELECT count(*)::int FROM claims WHERE user_id = $1) AS claims,
                (SELECT count(DISTINCT source_id)::int FROM claims WHERE user_id = $1) AS "distinctClaims",
                (SELECT count(*)::int FROM prescriptions WHERE user_id = $1) AS prescriptions,
                (SELECT count(*)::int FROM fhir_resources WHERE user_id = $1) AS raw,
                (SELECT count(*)::int FROM patient_info WHERE user_id = $1) AS "patientInfo"`,
        [userId],
      )
    )[0] as { claims: number; distinctClaims: number; prescriptions: number; raw: number; patientInfo: number };

  /** The scheduled job, as pg-boss's cron sends it, then every job it queued finished. */
  async function runResync(): Promise<void> {
    await app.get(JobQueueService).send(RESYNC_LINKS_QUEUE, {});
    await pollUntil(
      async () =>
        (
          await db().query(
            `SELECT count(*)::int AS n FROM "${jobsSchema()}".job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')`,
            [[RESYNC_LINKS_QUEUE, RESYNC_LINK_QUEUE, RELINK_NOTICE_QUEUE]],
          )
        )[0].n as number,
      (n) => n === 0,
      60_000,
      100,
    );
  }

  it('is scheduled once for the whole cluster, daily, as a pg-boss cron', async () => {
    const rows = await db().query(`SELECT cron, timezone FROM "${jobsSchema()}".schedule WHERE name = $1`, [RESYNC_LINKS_QUEUE]);
    expect(rows).toEqual([{ cron: '0 8 * * *', timezone: 'UTC' }]);
  });

  it('refreshes, fetches only what changed, stores nothing twice, and asks once for a relink when the refresh is refused', async () => {
    const { token, userId, email } = await tokenFor(app);
    offsetMs = 0;
    await linkAndFetch(token);
    // The member's own first fetch counts as the first sync: recorded by the last fetch job just after it ends its
    // polling event (the event the page waits for), so it is awaited, not assumed.
    const linked = await pollUntil(
      () => linkOf(userId),
      (link) => link.last_synced_at !== null,
      10_000,
      50,
    );
    expect(linked.last_synced_at).toBeInstanceOf(Date);
    expect(linked.status).toBe('active');
    const before = await counts(userId);
    expect(before.claims).toBeGreaterThan(0);

    // Synced just now: a run today changes nothing.
    await runResync();
    expect(await linkOf(userId)).toEqual(linked);

    // The insurer loads a new claim; a day passes.
    const added = await admin(`members/${INSURER}/${MEMBER}/claims`, 201);
    const addedId = (added.claim as { id: string }).id;
    offsetMs = 25 * HOUR;
    const logMark = log.lines().length;
    await runResync();
    // Only what changed was asked for: the search with _lastUpdated brought the one new claim, not the history.
    const stored = log
      .lines()
      .slice(logMark)
      .filter((line) => line.msg === 'insurer data stored')
      .map(({ operation, stored: n, incremental }) => ({ operation, stored: n, incremental }));
    expect(stored).toEqual([
      { operation: 'getPatientInformation', stored: 1, incremental: true },
      { operation: 'getPatientEOB', stored: 1, incremental: true },
    ]);
    const day1 = await linkOf(userId);
    expect(day1.status).toBe('active');
    expect(day1.last_synced_at!.getTime()).toBeGreaterThan(linked.last_synced_at!.getTime() + 24 * HOUR);
    // The token was refreshed and the insurer rotated the refresh token: the new one is stored.
    expect(day1.access_token_enc).not.toBe(linked.access_token_enc);
    expect(day1.refresh_token_enc).not.toBe(linked.refresh_token_enc);
    // Exactly the new claim (and the drugs its pharmacy lines carry) is new; the rest was stored once already.
    const after1 = await counts(userId);
    const addedRx = (
      await db().query(`SELECT count(*)::int AS n FROM prescriptions WHERE user_id = $1 AND starts_with(source_id, $2)`, [
        userId,
        `ExplanationOfBenefit/${addedId}/`,
      ])
    )[0].n as number;
    expect(after1).toEqual({
      ...before,
      claims: before.claims + 1,
      distinctClaims: before.distinctClaims + 1,
      raw: before.raw + 1,
      prescriptions: before.prescriptions + addedRx,
    });
    expect(await db().query(`SELECT 1 FROM claims WHERE user_id = $1 AND source_id = $2`, [userId, addedId])).toHaveLength(1);

    // The old refresh token is spent at the insurer; the stored (rotated) one works the next day.
    const cipher = app.get(TokenCipher);
    const oldRefresh = cipher.decrypt(linked.refresh_token_enc, { userId, insurer: INSURER, column: 'insurer_links.refresh_token_enc' });
    const reuse = await fetch(`${sandbox.url}/insurers/${INSURER}/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`healthlink-${INSURER}:sandbox-secret-${INSURER}`).toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: oldRefresh }).toString(),
    });
    expect(reuse.status).toBe(400);
    // No token reached the log.
    expect(log.text).not.toContain(oldRefresh);
    expect(((await reuse.json()) as { error?: string }).error).toBe('invalid_grant');
    // (That reuse revoked the grant's family at a strict server: link again before going on.)
    await linkAndFetch(token);

    offsetMs = 50 * HOUR;
    await runResync();
    const day2 = await linkOf(userId);
    expect(day2.status).toBe('active');
    expect(day2.last_synced_at!.getTime()).toBeGreaterThan(day1.last_synced_at!.getTime());
    expect(await counts(userId)).toEqual(after1);

    // A failing token endpoint (5xx) is transient: retried by pg-boss (none left here), the link stays active.
    await sandbox.setFault({ insurer: INSURER, resource: 'token', kind: 'status500' });
    offsetMs = 75 * HOUR;
    await runResync();
    await sandbox.clearFaults();
    const failedDay = await linkOf(userId);
    expect(failedDay).toMatchObject({ status: 'active', relink_notified_at: null });
    expect(failedDay.last_synced_at).toEqual(day2.last_synced_at);
    const errorRows = await db().query(`SELECT error_details FROM errors WHERE user_id = $1 AND error_type = 'INSURER_RESYNC_FAILED'`, [
      userId,
    ]);
    expect(errorRows.length).toBeGreaterThan(0);
    expect(mailTo(email)).toHaveLength(0);

    // The member withdraws the app at the insurer: the next refresh is refused.
    await admin(`members/${INSURER}/${MEMBER}/revoke-refresh-tokens`, 200);
    offsetMs = 100 * HOUR;
    await runResync();
    const refused = await linkOf(userId);
    expect(refused.status).toBe('relink_required');
    expect(refused.relink_notified_at).toBeInstanceOf(Date);
    expect(refused.last_synced_at).toEqual(day2.last_synced_at);
    const mails = await pollUntil(
      async () => mailTo(email),
      (m) => m.length > 0,
      20_000,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your connection to Cigna Sandbox needs to be renewed');
    expect(mails[0]!.text).toContain('Your connection to Cigna Sandbox needs to be renewed.');
    expect(mails[0]!.text).toContain('http://localhost:8080/insuranceSelect');
    const patientId = (await db().query(`SELECT patient_id FROM insurer_links WHERE id = $1`, [refused.id]))[0].patient_id as string;
    expect(mails[0]!.text).not.toContain(patientId);
    expect(mails[0]!.text).not.toMatch(/claim|diagnos|prescri/i);

    // The re-sync runs again (and again a day later): the link is not refreshed again and no second e-mail goes.
    await runResync();
    offsetMs = 125 * HOUR;
    await runResync();
    await app.get(JobQueueService).send(RESYNC_LINK_QUEUE, { linkId: refused.id });
    await runResync();
    expect(await linkOf(userId)).toEqual(refused);
    expect(mailTo(email)).toHaveLength(1);
    expect(await counts(userId)).toEqual(after1);

    // Linking again makes the link active, and a later refusal would be told again.
    await linkAndFetch(token);
    expect(await linkOf(userId)).toMatchObject({ status: 'active', relink_notified_at: null });
  });
});
