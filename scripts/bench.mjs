// `npm run bench`: starts the backend as `npm start` would (embedded PostgreSQL unless DATABASE_URL is
// set) and measures, in one run: an authenticated JSON read (session checked in PostgreSQL) against a bare
// node:http server serving the same bytes, with the ratio; and login throughput (argon2id bound).
// Prints throughput and p50/p99 latency. Later features add their figures.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchWeb } from './bench-web.mjs';
import { assembleWebRoot } from './lib/web-root.mjs';
import { ROOT, buildProjects, missingBuilds } from './lib/workspace.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const freePort = () =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
async function waitFor(url, child, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready`);
}
const load = (url, headers, extra = {}) =>
  new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION, ...extra }, (err, res) => (err ? reject(err) : resolve(res)));
  });
// Each login comes from its own documentation-range address, so the per-address limit measures nothing here.
let clientCounter = 0;
const nextClient = () => `2001:db8::${(++clientCounter).toString(16)}`;
const row = (name, r) => ({
  target: name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
});

await buildProjects(missingBuilds());
const { webRoot } = assembleWebRoot();

const [port, pgPort, sandboxPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const sandbox = spawn(process.execPath, [join(ROOT, 'sandbox/dist/main.js')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, SANDBOX_PORT: String(sandboxPort), SANDBOX_SMTP_PORT: String(smtpPort), SANDBOX_HOST: '127.0.0.1' },
});
const dataDir = mkdtempSync(join(tmpdir(), 'healthlink-bench-'));
const secret = randomBytes(48).toString('base64url');
const backend = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    AUTH_JWT_SECRET: secret,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'production',
    HTTP_TRUST_PROXY: 'true',
    TOKEN_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    AUTH_RESET_CODE_SECRET: randomBytes(48).toString('base64url'),
    SANDBOX_URL: sandboxUrl,
    SMTP_PORT: String(smtpPort),
    WEB_ROOT: webRoot,
  },
});
const bare = createServer();
const results = [];
try {
  const base = `http://127.0.0.1:${port}`;
  await Promise.all([waitFor(`${base}/api/health`, backend), waitFor(`${sandboxUrl}/health`, sandbox)]);
  const account = {
    firstName: 'Bench',
    lastName: 'User',
    email: `bench.${randomUUID().slice(0, 8)}@example.com`,
    password: 'Harbor-Lantern-74',
  };
  const signup = await fetch(`${base}/api/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ ...account, confirmPassword: account.password }),
  });
  if (signup.status !== 201) throw new Error(`signup: ${signup.status} ${await signup.text()}`);
  const headers = { authorization: `Bearer ${(await signup.json()).token}` };

  // The authenticated read: a finished polling event, as the browser polls it.
  const started = await fetch(`${base}/api/jobs/probe`, { method: 'POST', headers });
  if (!started.ok) throw new Error(`probe: ${started.status} ${await started.text()}`);
  const { pollingEventID } = await started.json();
  const readUrl = `${base}/api/pollingEvent/${pollingEventID}`;
  let body;
  for (let i = 0; i < 100; i++) {
    body = await (await fetch(readUrl, { headers })).text();
    if (JSON.parse(body).status !== 'pending') break;
    await new Promise((r) => setTimeout(r, 100));
  }

  const bytes = Buffer.from(body);
  bare.on('request', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
    res.end(bytes);
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));

  console.log(`Authenticated JSON read (${bytes.length} bytes), ${CONNECTIONS} connections, ${DURATION} s each`);
  const api = await load(readUrl, headers);
  const ref = await load(`http://127.0.0.1:${bare.address().port}/`, {});
  results.push(row('GET /api/pollingEvent/{id}', api), row('bare node:http, same bytes', ref));

  const loginBody = JSON.stringify({ email: account.email, password: account.password });
  const logins = await load(
    `${base}/api/login`,
    {},
    {
      connections: 4,
      requests: [
        {
          method: 'POST',
          setupRequest: (req) => ({
            ...req,
            body: loginBody,
            headers: { ...req.headers, 'content-type': 'application/json', 'x-forwarded-for': nextClient() },
          }),
        },
      ],
    },
  );
  results.push(row('POST /api/login (argon2id)', logins));
  console.table(results);
  console.log(`ratio (API / bare): ${(api.requests.average / ref.requests.average).toFixed(2)}x`);

  const linking = await benchLinking(base, headers);
  console.log(`\nLinking ${linking.insurer} for a generated member with 5 years of history (sandbox insurer, one run)`);
  console.table([
    { figure: 'approval to all data stored', value: `${linking.totalMs} ms`, target: '<= 3000 ms' },
    { figure: 'resources fetched and stored', value: `${linking.resources} (${linking.counts})` },
    { figure: 'ingest throughput (time storing)', value: `${linking.ingestPerSecond} resources/s`, target: '>= 2000/s' },
    { figure: 'fetch + ingest throughput (wall)', value: `${linking.perSecond} resources/s` },
  ]);

  console.log('\nHome page (shell + public remote), Chromium and Lighthouse 12 mobile');
  console.table(await benchWeb({ baseUrl: base }));
  const status = readFileSync(`/proc/${backend.pid}/status`, 'utf8');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (peak) console.log(`backend peak RSS: ${Math.round(Number(peak) / 1024)} MiB`);
} finally {
  sandbox.kill('SIGTERM');
  bare.close();
  backend.kill('SIGTERM');
  await new Promise((r) => (backend.exitCode === null ? backend.once('exit', r) : r()));
  rmSync(dataDir, { recursive: true, force: true });
}

/** Polls an event at its own pollInterval, as the callback page does; answers the final event. */
async function settle(base, headers, id) {
  for (;;) {
    const event = await (await fetch(`${base}/api/pollingEvent/${id}`, { headers })).json();
    if (event.status !== 'pending') return event;
    await new Promise((r) => setTimeout(r, event.pollInterval));
  }
}

/**
 * The insurer callback flow of the web, timed from the moment the member approves at the insurer: code
 * exchange, then demographics, then claims and drugs in parallel, each polled until stored.
 */
async function benchLinking(base, headers) {
  const insurer = 'aetnaSandbox';
  const { link } = await (await fetch(`${base}/api/insurerDataFetch/${insurer}Fetch/oauth2/authorize`, { headers })).json();
  const authorize = new URL(link);
  const form = new URLSearchParams(authorize.searchParams);
  for (const [k, v] of Object.entries({ member: 'member-large', username: 'member-large', password: 'bench', decision: 'approve' }))
    form.set(k, v);
  const approved = await fetch(`${authorize.origin}${authorize.pathname}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    redirect: 'manual',
  });
  const back = new URL(approved.headers.get('location') ?? 'http://invalid/').searchParams;
  if (!back.get('code')) throw new Error(`the sandbox did not approve: ${approved.status}`);

  const start = performance.now();
  const post = (path, body = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json());
  const exchange = await post(`/api/insurerDataFetch/${insurer}Fetch/oauth2/tokenCallback`, {
    authCode: back.get('code'),
    state: back.get('state'),
  });
  const linked = await settle(base, headers, exchange.pollingEventID);
  if (linked.status !== 'complete') throw new Error(`linking failed: ${JSON.stringify(linked)}`);
  const fetchStart = performance.now();
  const run = (ops) =>
    Promise.all(ops.map(async (op) => settle(base, headers, (await post(`/api/insurerDataFetch/${insurer}Fetch/${op}`)).pollingEventID)));
  const first = await run(['getPatientInformation']);
  const second = await run(['getPatientEOB', 'getPatientDrugs']);
  const end = performance.now();
  const events = [...first, ...second];
  if (events.some((e) => e.status === 'failed')) throw new Error(`a fetch failed: ${JSON.stringify(events)}`);
  const resources = events.reduce((sum, e) => sum + (e.response?.count ?? 0), 0);
  return {
    insurer,
    totalMs: Math.round(end - start),
    resources,
    counts: events.map((e) => `${e.response?.operation}: ${e.response?.count}`).join(', '),
    perSecond: Math.round(resources / ((end - fetchStart) / 1000)),
    ingestPerSecond: Math.round(resources / (events.reduce((sum, e) => sum + (e.response?.storeMs ?? 0), 0) / 1000)),
  };
}
