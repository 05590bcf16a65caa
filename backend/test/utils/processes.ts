import { ChildProcess, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const DIST_MAIN = join(__dirname, '..', '..', 'dist', 'main.js');

export interface BackendProcess {
  child: ChildProcess;
  pid: number;
  output(): string;
  stop(): Promise<number | null>;
}

/** Runs the built backend (`node dist/main.js`) with exactly the given environment (plus PATH and HOME). */
export function spawnBackend(env: Record<string, string>): BackendProcess {
  if (!existsSync(DIST_MAIN)) throw new Error(`${DIST_MAIN} is missing: run "npm run build -w backend" first`);
  const child = spawn(process.execPath, [DIST_MAIN], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    pid: child.pid!,
    output: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

/**
 * A backend's first boot on a new database imports every reference dataset before it listens: about 35 s alone on a
 * 2-core machine, over a minute beside the other suites' processes.
 */
export const FIRST_BOOT_TIMEOUT_MS = 180_000;

/** Waits until GET url answers 200, or fails with the process output. */
export async function waitForHttp(url: string, proc: BackendProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.child.exitCode !== null) throw new Error(`process exited (${proc.child.exitCode}):\n${proc.output()}`);
    try {
      const res = await fetch(url);
      if (res.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs} ms:\n${proc.output()}`);
}

/** Waits until a log line contains text (the worker has no HTTP server to probe). */
export async function waitForOutput(proc: BackendProcess, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!proc.output().includes(text)) {
    if (proc.child.exitCode !== null) throw new Error(`process exited (${proc.child.exitCode}):\n${proc.output()}`);
    if (Date.now() > deadline) throw new Error(`no "${text}" within ${timeoutMs} ms:\n${proc.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * A DATA_DIR for a spawned backend, as a checkout's `.data` is: one the database's OS user can enter when the
 * tests run as root. A private (0700) temp folder would move the cluster under /var/lib/healthlink, where
 * removing the temp folder leaves it behind.
 */
export function tempDataDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  return dir;
}
