import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** The federated remotes: workspace folder and federation container name. */
export const REMOTES = [
  { dir: 'mfe-public', container: 'mfe_public' },
  { dir: 'mfe-dashboard', container: 'mfe_dashboard' },
  { dir: 'mfe-debug', container: 'mfe_debug' },
];

/** What `npm start` runs, and the file whose presence says it is built. */
export const BUILD_OUTPUTS = {
  '@healthlink/contracts': 'libs/contracts/dist/index.js',
  backend: 'backend/dist/main.js',
  sandbox: 'sandbox/dist/main.js',
  'mfe-shell': 'mfe-shell/dist/index.html',
  ...Object.fromEntries(REMOTES.map((r) => [r.dir, `${r.dir}/dist/mf-manifest.json`])),
};

export const readJson = (path) => JSON.parse(readFileSync(path, 'utf8'));
export const packageVersion = (dir) => readJson(join(ROOT, dir, 'package.json')).version;

export function missingBuilds() {
  return Object.entries(BUILD_OUTPUTS)
    .filter(([, file]) => !existsSync(join(ROOT, file)))
    .map(([project]) => project);
}

/** Runs a command with inherited output; resolves on exit 0, rejects otherwise. */
export function run(cmd, args, opts = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: 'inherit', ...opts });
    child.on('error', reject);
    child.on('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code ?? signal}`)),
    );
  });
}

export const nxEnv = () => ({ ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', NX_TUI: 'false' });

export async function buildProjects(projects) {
  if (projects.length === 0) return;
  await run('npx', ['nx', 'run-many', '-t', 'build', '--parallel=2', '--outputStyle=stream', '-p', ...projects], { env: nxEnv() });
}
