// `npm run bench`: starts the backend as `npm start` would (embedded PostgreSQL unless DATABASE_URL is
// set) and measures, in one run: login throughput (argon2id bound); linking a sandbox insurer; the dashboard's
// authenticated API reads for that member against a bare node:http server serving the same bytes, with the
// ratio and p99 against their targets; the drug name search and a 20-drug interaction check (bench-drugs.mjs).
// Prints throughput and p50/p99 latency. Later features add their figures.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchAi } from './bench-ai.mjs';
import { benchDrugs } from './bench-drugs.mjs';
import { benchDatabaseUrl, benchResync } from './bench-resync.mjs';
import { benchPlans } from './bench-plans.mjs';
import { benchTrials } from './bench-trials.mjs';
import { benchWeb } from './bench-web.mjs';
import { assembleWebRoot } from './lib/web-root.mjs';
import { ROOT, buildProjects, missingBuilds } from './lib/workspace.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);
// BENCH_CPU_PROFILE=DIR: the backend writes a V8 CPU profile (.cpuprofile, opens in Chrome's DevTools) there on exit.
const CPU_PROFILE_DIR = process.env.BENCH_CPU_PROFILE;
// The dashboard's first reads (part 2 §2: 3 rows a card), once its paginated reads answer pages; until then the
// member's own account reads. Targets (issue 13): at least 25% of bare node:http's throughput, p99 at most 25 ms.
const DASHBOARD_READS = ['/api/userDrugs?limit=3', '/api/explanationOfBenefits?limit=3'];
const ACCOUNT_READS = ['/api/user', '/api/patientInfo'];
const API_READ_TARGETS = { ratio: 0.25, p99Ms: 25 };
// `--only=reads`: link the member (its figures printed), then the dashboard's API reads alone (no web build, login,
// home page or re-sync figures): a short run to profile the backend under that load (`node scripts/bench.mjs --only=reads`).
// `--only=drugs`, `--only=trials` and `--only=plans` run the drug search and interactions, the trials matching, or the
// plan ranking alone; `--only=ai` the AI code definitions (offline provider), cold and warm.
const ONLY = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);
const SECTIONS = ['reads', 'drugs', 'trials', 'plans', 'ai'];
if (ONLY !== undefined && !SECTIONS.includes(ONLY)) throw new Error(`--only=${ONLY}: one of ${SECTIONS.join(', ')} can run alone`);
const READS_ONLY = ONLY === 'reads';
const API_ONLY = ONLY !== undefined;

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
// Each request comes from its own documentation-range address, so the per-address limits measure nothing here. An
// IPv6 address counts by its /64, so each client gets a /64 of its own.
let clientCounter = 0;
const nextClient = () => {
  const n = ++clientCounter;
  return `2001:db8:${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}::1`;
};
const row = (name, r) => ({
  target: name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
});

await buildProjects(missingBuilds().filter((p) => !API_ONLY || ['@healthlink/contracts', 'backend', 'sandbox'].includes(p)));
const { webRoot } = API_ONLY ? { webRoot: '' } : assembleWebRoot();

const [port, pgPort, sandboxPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const sandbox = spawn(process.execPath, [join(ROOT, 'sandbox/dist/main.js')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, SANDBOX_PORT: String(sandboxPort), SANDBOX_SMTP_PORT: String(smtpPort), SANDBOX_HOST: '127.0.0.1' },
});
const dataDir = mkdtempSync(join(tmpdir(), 'healthlink-bench-'));
const secret = randomBytes(48).toString('base64url');
const tokenKey = randomBytes(32).toString('base64');
const profileArgs = CPU_PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${CPU_PROFILE_DIR}`] : [];
const backend = spawn(process.execPath, [...profileArgs, join(ROOT, 'backend/dist/main.js')], {
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
    TOKEN_ENCRYPTION_KEY: tokenKey,
    AUTH_RESET_CODE_SECRET: randomBytes(48).toString('base64url'),
    SANDBOX_URL: sandboxUrl,
    SMTP_PORT: String(smtpPort),
    WEB_ROOT: webRoot,
  },
});
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

  const drugs = () =>
    benchDrugs({ base, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }), connections: CONNECTIONS, duration: DURATION, nextClient });
  if (READS_ONLY) {
    printLinking(await benchLinking(base, headers));
    await benchApiReads(base, headers);
  } else if (ONLY === 'drugs') {
    await drugs();
  } else if (ONLY === 'trials') {
    await benchTrials({ base, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }) });
  } else if (ONLY === 'plans') {
    await benchPlans({ base, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }) });
  } else if (ONLY === 'ai') {
    await benchAi({ base, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }) });
  } else {
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

    printLinking(await benchLinking(base, headers));

    await benchApiReads(base, headers);
    await benchTrials({ base, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }) });
    await benchPlans({ base, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }) });
    await benchAi({ base, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }) });
    await drugs();

    console.log('\nHome page (shell + public remote), Chromium and Lighthouse 12 mobile');
    console.table(await benchWeb({ baseUrl: base }));
    const status = readFileSync(`/proc/${backend.pid}/status`, 'utf8');
    const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
    if (peak) console.log(`backend peak RSS: ${Math.round(Number(peak) / 1024)} MiB`);

    // Last: it adds 1,000 members to the database.
    await benchResync({ base, sandboxUrl, databaseUrl: benchDatabaseUrl({ dataDir, pgPort }), tokenKey });
  }
} finally {
  sandbox.kill('SIGTERM');
  backend.kill('SIGTERM');
  await new Promise((r) => (backend.exitCode === null ? backend.once('exit', r) : r()));
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The signed-in member's dashboard reads at CONNECTIONS connections (each connection cycling through them), then a
 * bare node:http server answering each path with the very bytes the API sent, in the same run; then the same
 * reads revalidated with their ETag (304, no body). Prints the table, the ratio and the targets with PASS/FAIL.
 */
async function benchApiReads(base, headers) {
  const paged = await Promise.all(
    DASHBOARD_READS.map(async (path) => {
      const res = await fetch(`${base}${path}`, { headers });
      return res.ok && 'nextCursor' in (await res.json());
    }),
  );
  const paths = paged.every(Boolean) ? DASHBOARD_READS : ACCOUNT_READS;
  const answers = new Map();
  for (const path of paths) {
    const res = await fetch(`${base}${path}`, { headers });
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
    answers.set(path, { bytes: Buffer.from(await res.arrayBuffer()), etag: res.headers.get('etag') });
  }
  const bare = createServer((req, res) => {
    const answer = answers.get(req.url);
    if (!answer) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': answer.bytes.length });
    res.end(answer.bytes);
  });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));
  try {
    const requests = paths.map((path) => ({ method: 'GET', path }));
    const sizes = paths.map((path) => `${path} ${answers.get(path).bytes.length} B`).join(', ');
    console.log(`\nDashboard API reads for that member (${sizes}), ${CONNECTIONS} connections, ${DURATION} s each`);
    const api = await load(base, headers, { requests });
    const ref = await load(`http://127.0.0.1:${bare.address().port}`, {}, { requests });
    const table = [row(`GET ${paths.join(' + ')}`, api), row('bare node:http, same bytes', ref)];
    if (paths.every((path) => answers.get(path).etag)) {
      const revalidate = paths.map((path) => ({ method: 'GET', path, headers: { ...headers, 'if-none-match': answers.get(path).etag } }));
      const conditional = await load(base, headers, { requests: revalidate });
      table.push({
        ...row('same reads, If-None-Match (304)', conditional),
        errors: conditional.errors + conditional.non2xx - conditional['3xx'],
      });
    }
    console.table(table);
    const ratio = api.requests.average / ref.requests.average;
    const clean = api.errors + api.non2xx === 0;
    const verdict = (ok) => (ok && clean ? 'PASS' : 'FAIL');
    console.log(
      `ratio (API / bare): ${ratio.toFixed(2)}x   target >= ${API_READ_TARGETS.ratio}x   ${verdict(ratio >= API_READ_TARGETS.ratio)}`,
    );
    console.log(
      `API p99: ${api.latency.p99} ms   target <= ${API_READ_TARGETS.p99Ms} ms   ${verdict(api.latency.p99 <= API_READ_TARGETS.p99Ms)}`,
    );
    if (!clean) console.log(`FAIL: ${api.errors} errors and ${api.non2xx} non-2xx answers during the API run`);
  } finally {
    bare.close();
  }
}

/** Polls an event at its own pollInterval, as the callback page does; answers the final event. */
async function settle(base, headers, id) {
  for (;;) {
    const event = await (await fetch(`${base}/api/pollingEvent/${id}`, { headers })).json();
    if (event.status !== 'pending') return event;
    await new Promise((r) => setTimeout(r, event.pollInterval));
  }
}

function printLinking(linking) {
  console.log(`\nLinking ${linking.insurer} for a generated member with 5 years of history (sandbox insurer, one run)`);
  console.table([
    { figure: 'approval to all data stored', value: `${linking.totalMs} ms`, target: '<= 3000 ms' },
    { figure: 'resources fetched and stored', value: `${linking.resources} (${linking.counts})` },
    { figure: 'ingest throughput (time storing)', value: `${linking.ingestPerSecond} resources/s`, target: '>= 2000/s' },
    { figure: 'fetch + ingest throughput (wall)', value: `${linking.perSecond} resources/s` },
  ]);
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
  // The sign-in page lists the record types to share, all ticked: a member who changes nothing shares them all.
  for (const type of ['Patient', 'ExplanationOfBenefit', 'Coverage', 'Condition', 'Encounter', 'MedicationRequest'])
    form.append('share', type);
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
