import type { RunningApp } from './app-process';

export default async function globalTeardown(): Promise<void> {
  await (globalThis as { __E2E_APP__?: RunningApp }).__E2E_APP__?.stop();
}
