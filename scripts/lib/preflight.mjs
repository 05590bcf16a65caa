import { createServer } from 'node:net';

/** Resolves true when host:port can be listened on now. */
export function portIsFree(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen({ port, host, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/**
 * The ports `npm start` is about to use, each with the variable that moves it: the first one taken, or
 * undefined. Checked before anything starts, so that a clash is one clear message rather than a crash.
 */
export async function firstTakenPort(checks) {
  for (const check of checks) {
    if (!(await portIsFree(check.port, check.host))) return check;
  }
  return undefined;
}

/** One paragraph on stderr (what failed, why, what to do) and exit 1: no stack trace. */
export function failStart(what, why, todo) {
  process.stderr.write(`HealthLink did not start: ${what}, because ${why}. ${todo}\n`);
  process.exit(1);
}
