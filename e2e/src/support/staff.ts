import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { REPO_ROOT } from './app-process';
import { appUrls } from './browser';

const run = promisify(execFile);

/**
 * Names an account staff (or a patient again) the way an operator does, `npm run staff -- grant|revoke EMAIL`, beside
 * the running product: the command finds the product's embedded PostgreSQL through the same DATA_DIR.
 */
export async function setStaff(email: string, action: 'grant' | 'revoke'): Promise<void> {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: appUrls().dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  await run(process.execPath, [join(REPO_ROOT, 'scripts', 'staff.mjs'), action, email, '--by', 'e2e'], { cwd: REPO_ROOT, env });
}
