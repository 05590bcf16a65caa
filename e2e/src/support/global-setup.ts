import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startApp, type RunningApp } from './app-process';

export const STATE_FILE = join(__dirname, '..', '..', '.e2e-state.json');

export default async function globalSetup(): Promise<void> {
  const app = await startApp();
  (globalThis as { __E2E_APP__?: RunningApp }).__E2E_APP__ = app;
  writeFileSync(STATE_FILE, JSON.stringify({ baseUrl: app.baseUrl, sandboxUrl: app.sandboxUrl, dataDir: app.dataDir }));
}
