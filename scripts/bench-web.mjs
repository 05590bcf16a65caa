// Web bench: what the home page costs a visitor. Against a started app (`npm start`, or what `npm run bench`
// starts) it measures
//   - the JavaScript the home page loads (shell + public remote) in Chromium: the encoded body sizes of the
//     .js responses as the server sent them, and their gzip -9 size (the build's precompressed .gz files);
//   - Lighthouse 12 (mobile preset) performance and accessibility of /, median of the runs. When the server
//     sends JavaScript uncompressed (the backend's static files without `preCompressed`), Lighthouse also
//     runs through a gzip proxy, which is how a compressing server or CDN in front would serve the page.
//   - the dashboard's Largest Contentful Paint in Chromium with 4x CPU slowdown (phone viewport, cold cache,
//     median of BENCH_LCP_RUNS runs, 3) for a member with 5 years of claims, linked through the sandbox as a
//     person would (or the member whose session token is given).
// Targets: at most 150 KB gzip JS, performance >= 95, accessibility 100, dashboard LCP <= 2500 ms.
// Alone: `node scripts/bench-web.mjs [baseUrl]` (default http://localhost:8080). BENCH_LIGHTHOUSE_RUNS (3).
import { spawn } from 'node:child_process';
import { createServer, request } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHROME_PATH = process.env.CHROME_PATH ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// Without the background-networking flags Chromium floods a closed network.
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
export const WEB_TARGETS = { jsGzipKb: 150, performance: 95, accessibility: 100, dashboardLcpMs: 2500 };

const kb = (bytes) => Math.round((bytes / 1024) * 10) / 10;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const isJs = (url, type = '') => /\.m?js$/.test(new URL(url).pathname) || type.includes('javascript');

/** JS of the home page, fresh cache: every .js response until the page's h1 shows and the network is idle. */
export async function measureHomeJs(baseUrl) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    const context = await browser.newContext({ viewport: { width: 412, height: 823 } });
    const page = await context.newPage();
    const scripts = [];
    page.on('response', (response) => {
      if (isJs(response.url(), response.headers()['content-type'])) scripts.push(response);
    });
    await page.goto(new URL('/', baseUrl).href, { waitUntil: 'networkidle' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    const files = [];
    let served = 0;
    let gzipped = 0;
    for (const response of scripts) {
      const body = await response.body();
      const { responseBodySize } = await response.request().sizes();
      const gz = gzipSync(body, { level: 9 }).length;
      served += responseBodySize;
      gzipped += gz;
      files.push({
        file: new URL(response.url()).pathname,
        encoding: response.headers()['content-encoding'] ?? 'none',
        servedKb: kb(responseBodySize),
        gzipKb: kb(gz),
      });
    }
    await context.close();
    return { files, servedKb: kb(served), gzipKb: kb(gzipped), compressed: files.every((f) => f.encoding !== 'none') };
  } finally {
    await browser.close();
  }
}

/** A local proxy that gzips text responses, as a compressing server or CDN in front of the app would. */
export async function startGzipProxy(baseUrl) {
  const target = new URL(baseUrl);
  const cache = new Map();
  const server = createServer((req, res) => {
    const upstream = request(
      {
        hostname: target.hostname,
        port: target.port,
        path: req.url,
        method: req.method,
        headers: { ...req.headers, host: target.host, 'accept-encoding': 'identity' },
      },
      (up) => {
        const type = up.headers['content-type'] ?? '';
        const wantsGzip = /\bgzip\b/.test(req.headers['accept-encoding'] ?? '');
        if (!wantsGzip || up.headers['content-encoding'] || !/javascript|css|html|json|svg/.test(type)) {
          res.writeHead(up.statusCode ?? 502, up.headers);
          up.pipe(res);
          return;
        }
        const chunks = [];
        up.on('data', (c) => chunks.push(c));
        up.on('end', () => {
          const body = Buffer.concat(chunks);
          const key = `${req.url}\n${up.headers.etag ?? body.length}`;
          const gz = cache.get(key) ?? gzipSync(body, { level: 9 });
          cache.set(key, gz);
          const headers = { ...up.headers, 'content-encoding': 'gzip', 'content-length': String(gz.length), vary: 'Accept-Encoding' };
          res.writeHead(up.statusCode ?? 502, headers);
          res.end(gz);
        });
      },
    );
    upstream.on('error', () => {
      res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://localhost:${server.address().port}`, close: () => new Promise((resolve) => server.close(resolve)) };
}

function runLighthouseOnce(url) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        join(ROOT, 'node_modules/lighthouse/cli/index.js'),
        url,
        '--output=json',
        '--output-path=stdout',
        '--quiet',
        '--only-categories=performance,accessibility',
        `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
      ],
      { env: { ...process.env, CHROME_PATH }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`lighthouse exited with ${code}: ${err.slice(-2000)}`));
      try {
        const lhr = JSON.parse(out);
        const audit = (id) => lhr.audits[id]?.numericValue;
        const a11yIds = new Set(lhr.categories.accessibility.auditRefs.map((r) => r.id));
        resolve({
          performance: Math.round(lhr.categories.performance.score * 100),
          accessibility: Math.round(lhr.categories.accessibility.score * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
          failedA11y: Object.values(lhr.audits)
            .filter((a) => a11yIds.has(a.id) && a.score === 0)
            .map((a) => a.id),
        });
      } catch (cause) {
        reject(new Error(`lighthouse output unreadable: ${cause.message}`));
      }
    });
  });
}

/** Lighthouse (mobile preset) on /: the run with the median performance score; the lowest accessibility. */
export async function measureLighthouse(baseUrl, runs = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3)) {
  const results = [];
  for (let i = 0; i < runs; i++) results.push(await runLighthouseOnce(new URL('/', baseUrl).href));
  const chosen = results.find((r) => r.performance === median(results.map((x) => x.performance)));
  return { ...chosen, accessibility: Math.min(...results.map((r) => r.accessibility)), runs: results.map((r) => r.performance) };
}

const ms = (v) => (v === undefined ? 'n/a' : `${Math.round(v)} ms`);

function lighthouseRows(lh, how) {
  return [
    {
      figure: `Lighthouse performance, ${how} (mobile; runs ${lh.runs.join(', ')})`,
      value: lh.performance,
      target: `>= ${WEB_TARGETS.performance}`,
      met: lh.performance >= WEB_TARGETS.performance ? 'yes' : 'NO',
    },
    {
      figure: `Lighthouse accessibility, ${how}`,
      value: lh.accessibility,
      target: `= ${WEB_TARGETS.accessibility}`,
      met: lh.accessibility >= WEB_TARGETS.accessibility ? 'yes' : `NO (${lh.failedA11y.join(', ')})`,
    },
    {
      figure: `  FCP / LCP / TBT / CLS, ${how}`,
      value: `${ms(lh.fcp)} / ${ms(lh.lcp)} / ${ms(lh.tbt)} / ${lh.cls?.toFixed(3)}`,
      target: '',
      met: '',
    },
  ];
}

// The dashboard member: Humana's set has claims, drugs and coverage; member-large has 5 years of claims.
const LCP_INSURER = { key: 'humana', name: 'Humana', member: 'member-large' };
const LCP_CPU_SLOWDOWN = 4;

/** A new account, signed up through the API and linked to the sandbox insurer through the web, as a member would. */
export async function linkedMemberToken(baseUrl) {
  const password = 'Harbor-Lantern-74';
  const email = `bench.lcp.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
  const res = await fetch(new URL('/api/signup', baseUrl), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: 'Bench', lastName: 'Member', email, password, confirmPassword: password }),
  });
  if (res.status !== 201) throw new Error(`signup: ${res.status} ${await res.text()}`);
  const { token } = await res.json();
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  try {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => localStorage.setItem('userToken', t), token);
    const page = await context.newPage();
    await page.goto('/insuranceSelect');
    await page.getByRole('searchbox', { name: 'Search insurers' }).fill(LCP_INSURER.name);
    await page.getByRole('button', { name: LCP_INSURER.name, exact: true }).click();
    await page.waitForURL((url) => url.pathname === `/insurers/${LCP_INSURER.key}/authorize`);
    await page.getByRole('radio', { name: new RegExp(`(^|\\s)${LCP_INSURER.member}(\\s|$)`) }).check();
    await page.getByLabel('Password', { exact: true }).fill('any-password-1');
    await page.getByRole('button', { name: 'Approve' }).click();
    await page.waitForURL((url) => url.pathname === '/app/dashboard', { timeout: 180_000 });
    await context.close();
    return token;
  } finally {
    await browser.close();
  }
}

/**
 * The dashboard's Largest Contentful Paint for the signed-in member: Chromium, 4x CPU slowdown (DevTools
 * throttling), a phone viewport, a cold cache each run; the LCP entry last reported once the page has settled.
 */
export async function measureDashboardLcp(baseUrl, token, runs = Number(process.env.BENCH_LCP_RUNS ?? 3)) {
  const browser = await chromium.launch({ executablePath: CHROME_PATH, args: CHROME_FLAGS.filter((f) => !f.startsWith('--headless')) });
  const results = [];
  try {
    for (let i = 0; i < runs; i++) {
      const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 412, height: 823 } });
      await context.addInitScript((t) => {
        localStorage.setItem('userToken', t);
        window.__lcp = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) {
            const el = entry.element;
            window.__lcp.push({
              ms: entry.startTime,
              element: el ? `${el.tagName.toLowerCase()}${el.className ? `.${String(el.className).split(' ')[0]}` : ''}` : '?',
            });
          }
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      }, token);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: LCP_CPU_SLOWDOWN });
      await page.goto('/app/dashboard');
      await page.getByRole('heading', { level: 1, name: /^Welcome/ }).waitFor({ timeout: 60_000 });
      await page.waitForLoadState('networkidle');
      await page.waitForTimeout(1000);
      const entries = await page.evaluate(() => window.__lcp);
      const last = entries.at(-1);
      if (!last) throw new Error('no largest-contentful-paint entry on /app/dashboard');
      results.push(last);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const chosen = [...results].sort((a, b) => a.ms - b.ms)[Math.floor(results.length / 2)];
  return { ms: Math.round(chosen.ms), element: chosen.element, runs: results.map((r) => Math.round(r.ms)) };
}

/** Rows for `console.table`: figure, value, target, whether it is met. `token`: the dashboard member (else one is linked). */
export async function benchWeb({ baseUrl, token }) {
  const js = await measureHomeJs(baseUrl);
  const rows = [
    { figure: `home JS, ${js.files.length} files, as served (KB)`, value: js.servedKb, target: '', met: '' },
    {
      figure: 'home JS, gzip -9 (KB)',
      value: js.gzipKb,
      target: `<= ${WEB_TARGETS.jsGzipKb}`,
      met: js.gzipKb <= WEB_TARGETS.jsGzipKb ? 'yes' : 'NO',
    },
  ];
  if (js.compressed) rows.push(...lighthouseRows(await measureLighthouse(baseUrl), 'as served'));
  else {
    rows.push(...lighthouseRows(await measureLighthouse(baseUrl, 1), 'as served, uncompressed'));
    const proxy = await startGzipProxy(baseUrl);
    try {
      rows.push(...lighthouseRows(await measureLighthouse(proxy.url), 'gzip in front'));
    } finally {
      await proxy.close();
    }
  }
  const lcp = await measureDashboardLcp(baseUrl, token ?? (await linkedMemberToken(baseUrl)));
  rows.push({
    figure: `dashboard LCP, 4x CPU slowdown, 5 years of claims (runs ${lcp.runs.join(', ')} ms; element ${lcp.element})`,
    value: `${lcp.ms} ms`,
    target: `<= ${WEB_TARGETS.dashboardLcpMs} ms`,
    met: lcp.ms <= WEB_TARGETS.dashboardLcpMs ? 'yes' : 'NO',
  });
  return rows;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const baseUrl = process.argv[2] ?? process.env.BENCH_BASE_URL ?? 'http://localhost:8080';
  if (process.env.BENCH_VERBOSE) console.table((await measureHomeJs(baseUrl)).files);
  console.log(`Web bench against ${baseUrl}`);
  console.table(await benchWeb({ baseUrl, token: process.env.BENCH_TOKEN }));
}
