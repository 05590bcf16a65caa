// `npm start`: builds what is missing, lays out the web bundles, then runs the partner sandbox and the
// backend (API + job worker + the web bundles on one origin) until stopped.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { assembleWebRoot } from './lib/web-root.mjs';
import { ROOT, buildProjects, missingBuilds } from './lib/workspace.mjs';

const port = process.env.PORT ?? '8080';
const sandboxPort = process.env.SANDBOX_PORT ?? '4100';

const missing = missingBuilds();
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start; \`npm run build\` rebuilds everything) ...`);
  await buildProjects(missing);
}
const { webRoot } = assembleWebRoot();

const children = [];
let stopping = false;
function stopAll(code) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  setTimeout(() => process.exit(code), 10_000).unref();
  Promise.all(children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null))).then(() => process.exit(code));
}

function launch(name, script, env) {
  const child = spawn(process.execPath, [join(ROOT, script)], { cwd: ROOT, stdio: 'inherit', env: { ...process.env, ...env } });
  child.on('exit', (code, signal) => {
    if (!stopping) {
      console.error(`${name} stopped (${code ?? signal}); stopping the rest.`);
      stopAll(code || 1);
    }
  });
  children.push(child);
}

launch('sandbox', 'sandbox/dist/main.js', { SANDBOX_PORT: sandboxPort });
launch('backend', 'backend/dist/main.js', { PORT: port, WEB_ROOT: process.env.WEB_ROOT ?? webRoot });
console.log(`HealthLink: http://localhost:${port}  (API docs /api/docs, partner sandbox http://localhost:${sandboxPort})`);

process.once('SIGINT', () => stopAll(0));
process.once('SIGTERM', () => stopAll(0));
