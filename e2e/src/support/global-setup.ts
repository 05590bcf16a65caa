import { startApp, type RunningApp } from './app-process';

/** Where the started product answers: handed to the test files through the environment. */
export const APP_URLS_ENV = 'HEALTHLINK_E2E_APP';

export default async function globalSetup(): Promise<void> {
  const app = await startApp();
  (globalThis as { __E2E_APP__?: RunningApp }).__E2E_APP__ = app;
  // The environment, not a file: two runs on one machine (each with its own free ports) cannot read each other's.
  process.env[APP_URLS_ENV] = JSON.stringify({ baseUrl: app.baseUrl, sandboxUrl: app.sandboxUrl, dataDir: app.dataDir });
}
