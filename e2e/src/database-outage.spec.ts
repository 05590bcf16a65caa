import { spawn } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startApp, type RunningApp } from './support/app-process';
import { launchBrowser } from './support/browser';

jest.setTimeout(240_000);

/** The embedded PostgreSQL's postmaster: how it was started, so that it can be started again the same way. */
interface Postmaster {
  pid: number;
  argv: string[];
  env: NodeJS.ProcessEnv;
  uid: number;
  gid: number;
}

function readProc(pid: string, file: string): string | null {
  try {
    return readFileSync(`/proc/${pid}/${file}`, 'utf8');
  } catch {
    return null;
  }
}

/**
 * Finds the postmaster the product started for its data folder: a `postgres -D <cluster>` process whose cluster
 * is `DATA_DIR/pg`, or, when root's postgres user could not reach that, the folder the product keyed by its hash
 * (`.../pg-<version>-<sha256 of DATA_DIR/pg, 12 hex>/data`).
 */
function findPostmaster(dataDir: string): Postmaster {
  const cluster = resolve(dataDir, 'pg');
  const keyed = `-${createHash('sha256').update(cluster).digest('hex').slice(0, 12)}/data`;
  for (const pid of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    const argv = readProc(pid, 'cmdline')?.split('\0').filter(Boolean);
    if (!argv || basename(argv[0] ?? '') !== 'postgres' || !argv.includes('-D')) continue;
    const clusterArg = argv[argv.indexOf('-D') + 1] ?? '';
    if (clusterArg !== cluster && !clusterArg.endsWith(keyed)) continue;
    const env = Object.fromEntries(
      (readProc(pid, 'environ') ?? '')
        .split('\0')
        .filter((entry) => entry.includes('='))
        .map((entry) => [entry.slice(0, entry.indexOf('=')), entry.slice(entry.indexOf('=') + 1)]),
    );
    const status = readProc(pid, 'status') ?? '';
    const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
    const gid = Number(/^Gid:\s+(\d+)/m.exec(status)?.[1]);
    return { pid: Number(pid), argv, env, uid, gid };
  }
  throw new Error(`no embedded PostgreSQL found for ${dataDir}`);
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Fast shutdown (SIGINT), as a database restart or failover does; answers when the process is gone. */
async function stopPostgres(pid: number): Promise<void> {
  process.kill(pid, 'SIGINT');
  await waitFor(() => !existsSync(`/proc/${pid}`) || /^State:\s+Z/m.test(readProc(String(pid), 'status') ?? ''), 'PostgreSQL stopped');
}

/** Starts the same server again on the same data folder and port, as the same OS user. */
function restartPostgres(postmaster: Postmaster): number {
  const child = spawn(postmaster.argv[0], postmaster.argv.slice(1), {
    env: postmaster.env,
    uid: postmaster.uid,
    gid: postmaster.gid,
    detached: true,
    stdio: 'ignore',
  });
  child.unref();
  return child.pid!;
}

const RECONNECTING = /Reconnecting/;
const path = (page: Page) => new URL(page.url()).pathname;
const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('userToken'));

describe('a database restart while a member is signed in', () => {
  let app: RunningApp;
  let browser: Browser;
  let restartedPid: number | undefined;

  beforeAll(async () => {
    // Its own product: stopping the suite's shared database would fail the other files.
    [app, browser] = await Promise.all([startApp(), launchBrowser()]);
  });
  afterAll(async () => {
    await browser?.close();
    if (restartedPid && existsSync(`/proc/${restartedPid}`)) await stopPostgres(restartedPid).catch(() => undefined);
    await app?.stop();
  });

  it('keeps the session, says it is reconnecting, and recovers on the same page when the database is back', async () => {
    const email = `outage.${randomUUID().slice(0, 8)}@example.com`;
    const account = { firstName: 'Ada', lastName: 'Outage', email, password: 'Harbor-Lantern-74' };
    const signup = await fetch(`${app.baseUrl}/api/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...account, confirmPassword: account.password }),
    });
    expect(signup.status).toBe(201);
    const { token } = (await signup.json()) as { token: string };

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, baseURL: app.baseUrl });
    const page = await context.newPage();
    await page.goto('/');
    await page.evaluate((t) => localStorage.setItem('userToken', t), token);
    await page.goto('/app/dashboard');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Profile' }).waitFor();
    const status = page.locator('.shell-reconnecting[role="status"]');
    expect(await status.getAttribute('aria-live')).toBe('polite');

    const postmaster = findPostmaster(app.dataDir);
    await stopPostgres(postmaster.pid);

    // The member moves on while the database is down: the profile's data cannot come.
    await nav.getByRole('link', { name: 'Profile' }).click();
    await status.getByText(RECONNECTING).waitFor({ timeout: 20_000 });
    expect(path(page)).toBe('/userProfile');
    expect(await storedToken(page)).toBe(token);
    const health = await fetch(`${app.baseUrl}/api/health`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'error', down: ['database'] });
    // A while later it is still signed in, on the same page.
    await page.waitForTimeout(3_000);
    expect(path(page)).toBe('/userProfile');
    expect(await nav.getByRole('button', { name: 'Logout' }).isVisible()).toBe(true);

    restartedPid = restartPostgres(postmaster);

    await page.getByRole('heading', { level: 1, name: 'Welcome, Ada' }).waitFor({ timeout: 60_000 });
    await status.getByText(RECONNECTING).waitFor({ state: 'detached', timeout: 30_000 });
    expect(path(page)).toBe('/userProfile');
    expect(await storedToken(page)).toBe(token);
    const user = await fetch(`${app.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(user.status).toBe(200);
    await context.close();
  });
});
