// `npm run staff -- grant EMAIL [--by "Name"]`, `revoke EMAIL`, `list`: names staff (backend/src/cli/staff.ts) in
// DATABASE_URL or the embedded PostgreSQL `npm start` uses. Builds the backend first when it is not built.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, buildProjects } from './lib/workspace.mjs';

const entry = join(ROOT, 'backend/dist/cli/staff.js');
if (!existsSync(entry)) await buildProjects(['@healthlink/contracts', 'backend']);
const { status } = spawnSync(process.execPath, [entry, ...process.argv.slice(2)], { cwd: process.cwd(), stdio: 'inherit' });
process.exit(status ?? 1);
