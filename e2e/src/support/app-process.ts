import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const REPO_ROOT = join(__dirname, '..', '..', '..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

async function waitForHealthy(url: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode} before it was ready`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} was not healthy within ${timeoutMs} ms`);
}

export interface RunningApp {
  baseUrl: string;
  sandboxUrl: string;
  dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the product exactly as `npm start` does on a fresh machine: no DATABASE_URL (so the embedded
 * PostgreSQL starts), its own data folder, and every port (PORT, SANDBOX_PORT, SANDBOX_SMTP_PORT,
 * EMBEDDED_PG_PORT) moved to a free one. `settings` adds to its environment (a second app configured otherwise).
 */
export async function startApp(settings: Record<string, string> = {}): Promise<RunningApp> {
  const [port, sandboxPort, pgPort, smtpPort] = await Promise.all([freePort(), freePort(), freePort(), freePort()]);
  const dataDir = mkdtempSync(join(tmpdir(), 'healthlink-e2e-'));
  // A folder the database's own OS user can enter, as a checkout's .data is: a private one would move the
  // cluster under /var/lib/healthlink, where nothing removes it after the run.
  chmodSync(dataDir, 0o755);
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    SANDBOX_PORT: String(sandboxPort),
    EMBEDDED_PG_PORT: String(pgPort),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    // Every port moved: the backend's mailer must follow SANDBOX_SMTP_PORT by itself (no SMTP_PORT given).
    SANDBOX_SMTP_PORT: String(smtpPort),
    // As behind a proxy: the suite's API sign-ups each name their own client address (support/accounts.ts), so the
    // per-address sign-up limit counts them apart; the browser sends no X-Forwarded-For and counts as itself.
    HTTP_TRUST_PROXY: 'true',
    ...settings,
  };
  delete env.SMTP_PORT;
  delete env.SANDBOX_URL;
  delete env.DATABASE_URL;
  const child = spawn('npm', ['start'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'inherit', 'inherit'], detached: true });
  const baseUrl = `http://localhost:${port}`;
  const stop = async (): Promise<void> => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      process.kill(-child.pid!, 'SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null) process.kill(-child.pid!, 'SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealthy(`${baseUrl}/api/health`, child, 120_000);
    await waitForHealthy(`http://127.0.0.1:${sandboxPort}/health`, child, 10_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return { baseUrl, sandboxUrl: `http://127.0.0.1:${sandboxPort}`, dataDir, stop };
}
