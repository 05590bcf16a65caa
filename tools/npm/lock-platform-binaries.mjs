// The registry reachable here is a snapshot: some platform builds of native packages (darwin, win32,
// wasm ... variants of @swc/core, @rspack/binding, @unrs/resolver-binding) are not in it, so
// `npm install` leaves them out of package-lock.json and `npm ci` then refuses the lock as out of sync.
// This records each such optional dependency in the lock with its os/cpu, exactly as npm does when the
// registry has it; npm ci skips a non-matching platform without fetching it.
// Run after every `npm install`: `node tools/npm/lock-platform-binaries.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const lockPath = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package-lock.json');
const lock = JSON.parse(readFileSync(lockPath, 'utf8'));
const packages = lock.packages;

const OS = ['darwin', 'linux', 'win32', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['x64', 'arm64', 'arm', 'ia32', 'ppc64', 'riscv64', 's390x', 'loong64', 'wasm32', 'mips64el'];

/** os, cpu and libc of a platform package, read from its name (e.g. core-linux-arm64-musl). */
function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  const os = parts.find((p) => OS.includes(p));
  const cpu = parts.find((p) => CPU.includes(p));
  if (!cpu) return null;
  const libc =
    parts.includes('musl') || parts.includes('musleabihf') ? 'musl' : parts.some((p) => p.startsWith('gnu')) ? 'glibc' : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, meta] of Object.entries(packages)) {
  if (!path.startsWith('node_modules/') || !meta.optionalDependencies) continue;
  const base = path.slice(0, path.lastIndexOf('node_modules/'));
  for (const [dep, version] of Object.entries(meta.optionalDependencies)) {
    const candidates = [`${path}/node_modules/${dep}`, `${base}node_modules/${dep}`, `node_modules/${dep}`];
    if (candidates.some((c) => packages[c])) continue;
    const platform = platformOf(dep);
    if (!platform) continue;
    packages[`node_modules/${dep}`] = {
      version,
      ...(meta.dev ? { dev: true } : {}),
      optional: true,
      ...(platform.os ? { os: [platform.os] } : {}),
      cpu: [platform.cpu],
      ...(platform.libc ? { libc: [platform.libc] } : {}),
    };
    added++;
  }
}
lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a < b ? -1 : a > b ? 1 : 0)),
);
writeFileSync(lockPath, `${JSON.stringify(lock, null, 2)}\n`);
console.log(`package-lock.json: recorded ${added} platform build(s) the registry does not serve`);
