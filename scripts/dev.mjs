// `npm run dev`: watch mode. The backend is recompiled and restarted on change (API on :8080), each web
// app runs its webpack dev server with live reload (shell on :4200, remotes on :4201-4203, named in
// mfe-shell/dev/remotes.json), and the partner sandbox runs beside them. Open http://localhost:4200.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { ROOT, buildProjects, missingBuilds, nxEnv } from './lib/workspace.mjs';

const port = process.env.PORT ?? '8080';
const sandboxPort = process.env.SANDBOX_PORT ?? '4100';

// The backend runs from its compiled output and the contracts lib it imports; build them once first.
await buildProjects(missingBuilds().filter((p) => ['@healthlink/contracts', 'backend', 'sandbox'].includes(p)));

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 5_000).unref();
}

function launch(name, cmd, args, { cwd = ROOT, env = {} } = {}) {
  const child = spawn(cmd, args, { cwd, stdio: 'inherit', env: { ...nxEnv(), ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${code ?? signal}); stopping the rest.`);
      stopAll(code || 1);
    }
  });
  children.push(child);
}

const bin = (name) => join(ROOT, 'node_modules', '.bin', name);

launch('contracts', bin('tsc'), ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: join(ROOT, 'libs/contracts') });
launch('backend-compile', bin('tsc'), ['-p', 'tsconfig.build.json', '--watch', '--preserveWatchOutput'], { cwd: join(ROOT, 'backend') });
launch('backend', process.execPath, ['--watch', '--watch-path=backend/dist', '--watch-path=libs/contracts/dist', 'backend/dist/main.js'], {
  env: { PORT: port },
});
launch('sandbox', process.execPath, ['sandbox/dist/main.js'], { env: { SANDBOX_PORT: sandboxPort } });
for (const app of ['mfe-shell', 'mfe-public', 'mfe-dashboard', 'mfe-debug']) {
  launch(app, bin('webpack'), ['serve', '--mode', 'development'], {
    cwd: join(ROOT, app),
    env: { HEALTHLINK_API_URL: `http://localhost:${port}` },
  });
}
console.log(`HealthLink (dev): http://localhost:4200  (API http://localhost:${port}/api, sandbox http://localhost:${sandboxPort})`);

process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
