// `npm run bench`: starts the backend as `npm start` would (embedded PostgreSQL unless DATABASE_URL is
// set) and measures, in one run, an authenticated JSON read against a bare node:http server serving
// the same bytes. Prints throughput, p50/p99 latency and the ratio. Later features add their figures.
import autocannon from 'autocannon';
import { spawn } from 'node:child_process';
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, buildProjects, missingBuilds } from './lib/workspace.mjs';

const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 32);

const freePort = () => new Promise((resolve) => {
  const s = createServer().listen(0, '127.0.0.1', () => { const { port } = s.address(); s.close(() => resolve(port)); });
});
const b64url = (v) => Buffer.from(JSON.stringify(v)).toString('base64url');
function sign(secret, sub) {
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub, iat: now, exp: now + 3600 })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
async function waitFor(url, child, ms = 120_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (child.exitCode !== null) throw new Error(`backend exited with ${child.exitCode}`);
    try { if ((await fetch(url)).ok) return; } catch { /* not up yet */ }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} not ready`);
}
const load = (url, headers) => new Promise((resolve, reject) => {
  autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION }, (err, res) => (err ? reject(err) : resolve(res)));
});
const row = (name, r) => ({
  target: name,
  'req/s': Math.round(r.requests.average),
  'p50 ms': r.latency.p50,
  'p99 ms': r.latency.p99,
  errors: r.errors + r.non2xx,
});

await buildProjects(missingBuilds().filter((p) => ['backend', '@healthlink/contracts'].includes(p)));

const [port, pgPort] = await Promise.all([freePort(), freePort()]);
const dataDir = mkdtempSync(join(tmpdir(), 'healthlink-bench-'));
const secret = randomBytes(48).toString('base64url');
const backend = spawn(process.execPath, [join(ROOT, 'backend/dist/main.js')], {
  cwd: ROOT,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', EMBEDDED_PG_PORT: String(pgPort), DATA_DIR: dataDir, AUTH_JWT_SECRET: secret, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
});
const bare = createServer();
const results = [];
try {
  const base = `http://127.0.0.1:${port}`;
  await waitFor(`${base}/api/health`, backend);
  const headers = { authorization: `Bearer ${sign(secret, randomUUID())}` };

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
  bare.on('request', (_req, res) => { res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length }); res.end(bytes); });
  await new Promise((r) => bare.listen(0, '127.0.0.1', r));

  console.log(`Authenticated JSON read (${bytes.length} bytes), ${CONNECTIONS} connections, ${DURATION} s each`);
  const api = await load(readUrl, headers);
  const ref = await load(`http://127.0.0.1:${bare.address().port}/`, {});
  results.push(row('GET /api/pollingEvent/{id}', api), row('bare node:http, same bytes', ref));
  console.table(results);
  console.log(`ratio (API / bare): ${(api.requests.average / ref.requests.average).toFixed(2)}x`);
  const status = readFileSync(`/proc/${backend.pid}/status`, 'utf8');
  const peak = /VmHWM:\s+(\d+) kB/.exec(status)?.[1];
  if (peak) console.log(`backend peak RSS: ${Math.round(Number(peak) / 1024)} MiB`);
} finally {
  bare.close();
  backend.kill('SIGTERM');
  await new Promise((r) => (backend.exitCode === null ? backend.once('exit', r) : r()));
  rmSync(dataDir, { recursive: true, force: true });
}
