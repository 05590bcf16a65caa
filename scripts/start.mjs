// `npm start`: builds what is missing, lays out the web bundles, then runs the partner sandbox and the
// backend (API + job worker + the web bundles on one origin) until stopped.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { failStart, firstTakenPort } from './lib/preflight.mjs';
import { assembleWebRoot } from './lib/web-root.mjs';
import { ROOT, buildProjects, missingBuilds } from './lib/workspace.mjs';

const env = process.env;
const port = env.PORT || '8080';
const sandboxPort = env.SANDBOX_PORT || '4100';

const sandboxHost = env.SANDBOX_HOST || '127.0.0.1';
const taken = await firstTakenPort(
  [
    { name: 'PORT', port: Number(port), host: env.HOST || '0.0.0.0', what: 'the product' },
    { name: 'SANDBOX_PORT', port: Number(sandboxPort), host: sandboxHost, what: 'the partner sandbox' },
    { name: 'SANDBOX_SMTP_PORT', port: Number(env.SANDBOX_SMTP_PORT || 2525), host: sandboxHost, what: "the sandbox's SMTP server" },
    ...(env.DATABASE_URL
      ? []
      : [{ name: 'EMBEDDED_PG_PORT', port: Number(env.EMBEDDED_PG_PORT || 54329), host: '127.0.0.1', what: 'the embedded PostgreSQL' }]),
  ].filter((check) => Number.isInteger(check.port) && check.port > 0),
);
if (taken) {
  failStart(
    `${taken.what} cannot listen on port ${taken.port}`,
    'another program (perhaps an earlier `npm start`) already uses it',
    `Stop that program, or set ${taken.name} to a free port.`,
  );
}

try {
  const missing = missingBuilds();
  if (missing.length) {
    console.log(`Building ${missing.join(', ')} (first start; \`npm run build\` rebuilds everything) ...`);
    await buildProjects(missing);
  }
} catch (error) {
  failStart(
    'building it failed',
    `${error.message} (the build's own messages are above)`,
    'Fix what they name, then run `npm run build` and `npm start` again.',
  );
}
let webRoot;
try {
  ({ webRoot } = assembleWebRoot());
} catch (error) {
  failStart(
    'laying out the web bundles in dist/web failed',
    error.message,
    'Check that dist/ is writable and has free space, run `npm run build`, and start again.',
  );
}

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
