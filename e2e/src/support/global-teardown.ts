import { rmSync } from 'node:fs';
import type { RunningApp } from './app-process';
import { STATE_FILE } from './global-setup';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __E2E_APP__?: RunningApp }).__E2E_APP__?.stop();
  rmSync(STATE_FILE, { force: true });
}
