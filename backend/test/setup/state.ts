import type { EmbeddedPostgresHandle } from '../../src/database/embedded-postgres';
import type { MailCatcher } from '../utils/mail-catcher';

export type TestDatabaseState =
  { kind: 'server'; serverUrl: string; name: string } | { kind: 'embedded'; handle: EmbeddedPostgresHandle; dir: string };

const KEY = '__healthlinkTestDatabase__';

// globalSetup and globalTeardown share the global object of Jest's main process.
export function setTestDatabaseState(state: TestDatabaseState): void {
  (globalThis as Record<string, unknown>)[KEY] = state;
}

export function getTestDatabaseState(): TestDatabaseState | undefined {
  return (globalThis as Record<string, unknown>)[KEY] as TestDatabaseState | undefined;
}

const MAIL_KEY = '__healthlinkTestMailCatcher__';

export function setTestMailCatcher(catcher: MailCatcher): void {
  (globalThis as Record<string, unknown>)[MAIL_KEY] = catcher;
}

export function getTestMailCatcher(): MailCatcher | undefined {
  return (globalThis as Record<string, unknown>)[MAIL_KEY] as MailCatcher | undefined;
}
