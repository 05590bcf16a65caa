// Re-sync bench: the daily re-sync of 1,000 linked members against the sandbox insurers (issue 14). The members and
// their links are made directly: accounts in the database, grants through the sandbox's real OAuth flow (PKCE), the
// tokens sealed with the backend's own TokenCipher. Then, timed from the moment the scheduled job is sent until
// every link's job has finished:
//   1. the first sync of every link (nothing synced yet: every record fetched);
//   2. a day later, with little changed (one new claim per sandbox member, every access token expired): the
//      daily re-sync the target is about: all done within 2 minutes, nothing stored twice.
// `npm run bench` calls benchResync() with the product it started. Alone: `node scripts/bench-resync.mjs` starts
// the built backend (embedded PostgreSQL) and sandbox itself. BENCH_RESYNC_MEMBERS (1000).
import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import pg from 'pg';
import PgBoss from 'pg-boss';
import { ROOT } from './lib/workspace.mjs';

const MEMBERS = Number(process.env.BENCH_RESYNC_MEMBERS ?? 1000);
const TARGET_MS = 120_000;
// Sandbox insurers and the generated member every bench account links (each account gets its own grant).
const INSURERS = [
  { key: 'aetnaSandbox', types: ['Patient', 'ExplanationOfBenefit', 'MedicationRequest'] },
  { key: 'cignaSandbox', types: ['Patient', 'ExplanationOfBenefit'] },
  { key: 'uhcSandbox', types: ['Patient', 'Condition', 'Encounter', 'ExplanationOfBenefit', 'MedicationRequest'] },
];
const MEMBER = 'member-small';
const RESYNC_LINKS_QUEUE = 'insurer-resync-links';
const RESYNC_QUEUES = [RESYNC_LINKS_QUEUE, 'insurer-resync-link', 'insurer-relink-notice'];
const OAUTH_CONCURRENCY = 16;

const require = createRequire(import.meta.url);

/** Runs `work` over `items`, `limit` at a time. */
async function pool(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        results[i] = await work(items[i], i);
      }
    }),
  );
  return results;
}

const decodeHtml = (v) =>
  v
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** A member's grant, as the product's link would get it: authorize (aud, PKCE S256), approve, code for tokens. */
async function grant(sandboxUrl, base, { key, types }) {
  const verifier = randomBytes(32).toString('base64url');
  const redirectUri = `${base}/intermediary/${key}`;
  const authorize = new URL(`${sandboxUrl}/insurers/${key}/authorize`);
  authorize.search = new URLSearchParams({
    response_type: 'code',
    client_id: `healthlink-${key}`,
    redirect_uri: redirectUri,
    scope: ['launch/patient', 'offline_access', ...types.map((t) => `patient/${t}.read`)].join(' '),
    state: randomBytes(16).toString('base64url'),
    aud: `${sandboxUrl}/insurers/${key}/fhir`,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
  }).toString();
  const page = await (await fetch(authorize)).text();
  const form = new URLSearchParams();
  for (const m of page.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) form.set(m[1], decodeHtml(m[2]));
  for (const m of page.matchAll(/<input type="checkbox" name="([^"]+)" id="[^"]*" value="([^"]*)" checked>/g))
    form.append(m[1], decodeHtml(m[2]));
  for (const [k, v] of Object.entries({ member: MEMBER, username: MEMBER, password: 'bench', decision: 'approve' })) form.set(k, v);
  const approved = await fetch(authorize.origin + authorize.pathname, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const code = new URL(approved.headers.get('location') ?? 'http://invalid/').searchParams.get('code');
  if (!code) throw new Error(`the sandbox did not approve: ${approved.status} ${(await approved.text()).slice(0, 200)}`);
  const token = await fetch(`${sandboxUrl}/insurers/${key}/token`, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      authorization: `Basic ${Buffer.from(`healthlink-${key}:sandbox-secret-${key}`).toString('base64')}`,
    },
    body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, code_verifier: verifier }).toString(),
  });
  const body = await token.json();
  if (!token.ok) throw new Error(`token exchange: ${token.status} ${JSON.stringify(body)}`);
  return body;
}

/** The database the backend uses: its DATABASE_URL, or its embedded server (password from DATA_DIR/secrets.json). */
export function benchDatabaseUrl({ dataDir, pgPort, databaseUrl = process.env.DATABASE_URL }) {
  if (databaseUrl) return databaseUrl;
  const { embeddedPgPassword } = JSON.parse(readFileSync(join(dataDir, 'secrets.json'), 'utf8'));
  return `postgresql://postgres:${encodeURIComponent(embeddedPgPassword)}@127.0.0.1:${pgPort}/healthlink`;
}

/**
 * Makes MEMBERS accounts linked to the sandbox, runs the first sync and the daily re-sync, prints both with the
 * target and PASS/FAIL. `tokenKey` is the backend's TOKEN_ENCRYPTION_KEY (base64).
 */
export async function benchResync({ base, sandboxUrl, databaseUrl, tokenKey }) {
  const { TokenCipher } = require(join(ROOT, 'backend/dist/modules/insurers/token-cipher.js'));
  const cipher = new TokenCipher({ get: () => ({ tokenEncryptionKey: Buffer.from(tokenKey, 'base64') }) });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 4 });
  const boss = new PgBoss({
    connectionString: databaseUrl,
    schema: process.env.JOBS_SCHEMA ?? 'pgboss',
    supervise: false,
    schedule: false,
    migrate: false,
    max: 2,
  });
  await boss.start();
  try {
    const tag = randomBytes(4).toString('hex');
    const setupStart = performance.now();
    const { rows: users } = await db.query(
      `INSERT INTO users (email, first_name, last_name, password_hash)
       SELECT 'bench.resync.' || $1 || '.' || i || '@example.com', 'Bench', 'Member ' || i, '!bench-no-sign-in'
       FROM generate_series(1, $2::int) AS i RETURNING id`,
      [tag, MEMBERS],
    );
    const userIds = users.map((u) => u.id);
    const links = await pool(userIds, OAUTH_CONCURRENCY, async (userId, i) => {
      const insurer = INSURERS[i % INSURERS.length];
      const t = await grant(sandboxUrl, base, insurer);
      const seal = (value, column) => cipher.encrypt(value, { userId, insurer: insurer.key, column });
      return [
        userId,
        insurer.key,
        t.patient ?? null,
        seal(t.access_token, 'insurer_links.access_token_enc'),
        t.refresh_token ? seal(t.refresh_token, 'insurer_links.refresh_token_enc') : null,
        t.expires_in ? new Date(Date.now() + t.expires_in * 1000) : null,
        t.scope ?? null,
      ];
    });
    await db.query(
      `INSERT INTO insurer_links (user_id, insurer_key, patient_id, access_token_enc, refresh_token_enc, access_expires_at, scope)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::timestamptz[], $7::text[])`,
      [0, 1, 2, 3, 4, 5, 6].map((c) => links.map((row) => row[c])),
    );
    const setupMs = Math.round(performance.now() - setupStart);

    const counts = async () =>
      (
        await db.query(
          `SELECT (SELECT count(*)::int FROM claims WHERE user_id = ANY($1)) AS claims,
                  (SELECT count(*)::int FROM prescriptions WHERE user_id = ANY($1)) AS prescriptions,
                  (SELECT count(*)::int FROM fhir_resources WHERE user_id = ANY($1)) AS raw,
                  (SELECT count(*)::int FROM patient_info WHERE user_id = ANY($1)) AS "patientInfo",
                  (SELECT count(*)::int - count(DISTINCT (user_id, insurer_key, source_id))::int FROM claims WHERE user_id = ANY($1)) AS "duplicateClaims"`,
          [userIds],
        )
      ).rows[0];

    /** Sends the scheduled job as pg-boss's cron would and waits until every job it queued has finished. */
    const run = async () => {
      const started = new Date();
      const t0 = performance.now();
      await boss.send(RESYNC_LINKS_QUEUE, {});
      for (;;) {
        await new Promise((r) => setTimeout(r, 250));
        const { rows } = await db.query(
          `SELECT count(*)::int AS n FROM ${process.env.JOBS_SCHEMA ?? 'pgboss'}.job WHERE name = ANY($1) AND state IN ('created', 'retry', 'active')`,
          [RESYNC_QUEUES],
        );
        if (rows[0].n === 0) break;
        if (performance.now() - t0 > 15 * 60_000) throw new Error('the re-sync did not finish within 15 minutes');
      }
      const ms = Math.round(performance.now() - t0);
      const { rows } = await db.query(
        `SELECT count(*) FILTER (WHERE last_synced_at >= $2)::int AS synced, count(*) FILTER (WHERE status <> 'active')::int AS refused
         FROM insurer_links WHERE user_id = ANY($1)`,
        [userIds, started],
      );
      const { rows: failed } = await db.query(
        `SELECT count(*)::int AS n FROM ${process.env.JOBS_SCHEMA ?? 'pgboss'}.job WHERE name = 'insurer-resync-link' AND state = 'failed' AND created_on >= $1`,
        [started],
      );
      return { ms, ...rows[0], failed: failed[0].n };
    };

    const first = await run();
    const afterFirst = await counts();

    // A day passes: every sandbox member gets one new claim, each link's last sync moves back a day and its access
    // token has expired (the re-sync refreshes every one; the sandbox rotates refresh tokens).
    const added = [];
    for (const { key } of INSURERS) {
      const res = await fetch(`${sandboxUrl}/insurers/_admin/members/${key}/${MEMBER}/claims`, { method: 'POST' });
      if (res.status !== 201) throw new Error(`adding a claim at ${key}: ${res.status} ${await res.text()}`);
      added.push((await res.json()).claim.id);
    }
    await db.query(
      `UPDATE insurer_links SET last_synced_at = last_synced_at - interval '1 day', access_expires_at = now() - interval '1 minute'
       WHERE user_id = ANY($1)`,
      [userIds],
    );
    const before = await db.query(`SELECT id, refresh_token_enc FROM insurer_links WHERE user_id = ANY($1)`, [userIds]);
    const daily = await run();
    const afterDaily = await counts();
    const { rows: rotatedRows } = await db.query(
      `SELECT count(*)::int AS n FROM insurer_links l JOIN unnest($1::uuid[], $2::text[]) AS b(id, refresh) ON b.id = l.id
       WHERE l.refresh_token_enc IS DISTINCT FROM b.refresh`,
      [before.rows.map((r) => r.id), before.rows.map((r) => r.refresh_token_enc)],
    );
    const { rows: newRows } = await db.query(
      `SELECT (SELECT count(*)::int FROM claims WHERE user_id = ANY($1) AND source_id = ANY($2)) AS claims,
              (SELECT count(*)::int FROM prescriptions WHERE user_id = ANY($1)
                 AND split_part(source_id, '/', 2) = ANY($2) AND starts_with(source_id, 'ExplanationOfBenefit/')) AS prescriptions`,
      [userIds, added],
    );
    const expected = {
      ...afterFirst,
      claims: afterFirst.claims + newRows[0].claims,
      prescriptions: afterFirst.prescriptions + newRows[0].prescriptions,
      raw: afterFirst.raw + newRows[0].claims,
    };
    const nothingDuplicated = JSON.stringify(afterDaily) === JSON.stringify(expected) && newRows[0].claims === MEMBERS;
    const allDone = daily.synced === MEMBERS && daily.refused === 0 && daily.failed === 0;
    const verdict = daily.ms <= TARGET_MS && allDone && nothingDuplicated ? 'PASS' : 'FAIL';

    console.log(`\nDaily re-sync of ${MEMBERS} linked members against the sandbox (${INSURERS.map((i) => i.key).join(', ')}; ${MEMBER})`);
    console.table([
      { figure: 'setup: accounts + OAuth grants (not timed below)', value: `${setupMs} ms` },
      { figure: 'first sync (everything fetched)', value: `${first.ms} ms`, detail: `${first.synced} synced, ${first.failed} failed` },
      {
        figure: 'rows after the first sync',
        value: `${afterFirst.claims} claims, ${afterFirst.prescriptions} prescriptions, ${afterFirst.raw} raw`,
      },
      {
        figure: 'daily re-sync, little changed',
        value: `${daily.ms} ms`,
        target: `<= ${TARGET_MS} ms`,
        detail: `${daily.synced} synced, ${daily.refused} relink, ${daily.failed} failed, ${Math.round((MEMBERS / daily.ms) * 1000)} links/s`,
      },
      { figure: 'refresh tokens rotated and stored', value: `${rotatedRows[0].n} of ${MEMBERS}` },
      {
        figure: 'rows after the re-sync',
        value: `${afterDaily.claims} claims (+${afterDaily.claims - afterFirst.claims}), ${afterDaily.prescriptions} prescriptions, ${afterDaily.raw} raw`,
        detail: `expected +${newRows[0].claims} claims; duplicate claims ${afterDaily.duplicateClaims}`,
      },
    ]);
    console.log(`daily re-sync: ${daily.ms} ms   target <= ${TARGET_MS} ms, every link synced, nothing duplicated   ${verdict}`);
    return { setupMs, first, daily, afterFirst, afterDaily, verdict };
  } finally {
    await boss.stop({ graceful: false, wait: true });
    await db.end();
  }
}

const freePort = () =>
  new Promise((resolve) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

async function waitFor(url, child, ms = 120_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer in time`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Alone: the built backend (its embedded PostgreSQL) and sandbox, on free ports, then the bench. */
async function main() {
  const [port, pgPort, sandboxPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
  const dataDir = mkdtempSync(join(tmpdir(), 'healthlink-bench-resync-'));
  const tokenKey = randomBytes(32).toString('base64');
  // Its own embedded PostgreSQL, whatever DATABASE_URL this shell has.
  const env = { ...process.env };
  delete env.DATABASE_URL;
  const sandbox = spawn(process.execPath, [join(ROOT, 'sandbox/dist/main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...env, SANDBOX_PORT: String(sandboxPort), SANDBOX_SMTP_PORT: String(smtpPort), SANDBOX_HOST: '127.0.0.1' },
  });
  const backend = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      EMBEDDED_PG_PORT: String(pgPort),
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      AUTH_JWT_SECRET: randomBytes(48).toString('base64url'),
      AUTH_RESET_CODE_SECRET: randomBytes(48).toString('base64url'),
      TOKEN_ENCRYPTION_KEY: tokenKey,
      SANDBOX_URL: sandboxUrl,
      SMTP_PORT: String(smtpPort),
    },
  });
  try {
    const base = `http://127.0.0.1:${port}`;
    await Promise.all([waitFor(`${base}/api/health`, backend), waitFor(`${sandboxUrl}/health`, sandbox)]);
    await benchResync({ base, sandboxUrl, databaseUrl: benchDatabaseUrl({ dataDir, pgPort, databaseUrl: null }), tokenKey });
  } finally {
    sandbox.kill('SIGTERM');
    backend.kill('SIGTERM');
    await new Promise((r) => (backend.exitCode === null ? backend.once('exit', r) : r()));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await main();
