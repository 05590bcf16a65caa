import { rm } from 'node:fs/promises';
import { dropDatabase } from '../utils/test-database';
import { getTestDatabaseState, getTestMailCatcher } from './state';

export default async function globalTeardown(): Promise<void> {
  await getTestMailCatcher()?.stop();
  const state = getTestDatabaseState();
  if (!state) return;
  if (state.kind === 'server') {
    await dropDatabase(state.serverUrl, state.name);
  } else {
    await state.handle.stop();
    await rm(state.dir, { recursive: true, force: true });
  }
}
