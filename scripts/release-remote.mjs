// Releases one remote without rebuilding the shell: copies its current build into
// dist/web/remotes/<container>/<version>/ and points remotes.json at it.
//   node scripts/release-remote.mjs mfe-dashboard            (uses the version in its package.json)
//   node scripts/release-remote.mjs mfe-dashboard 0.1.0      (roll back to a version already released)
import { cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { WEB_ROOT, remoteUrl } from './lib/web-root.mjs';
import { REMOTES, ROOT, packageVersion } from './lib/workspace.mjs';

const [dir, wanted] = process.argv.slice(2);
const remote = REMOTES.find((r) => r.dir === dir || r.container === dir);
if (!remote) {
  console.error(`Usage: node scripts/release-remote.mjs <${REMOTES.map((r) => r.dir).join('|')}> [version]`);
  process.exit(2);
}
const version = wanted ?? packageVersion(remote.dir);
const target = join(WEB_ROOT, 'remotes', remote.container, version);
if (!wanted) {
  const built = join(ROOT, remote.dir, 'dist', 'mf-manifest.json');
  if (!existsSync(built)) {
    console.error(`${remote.dir} is not built: run \`npx nx run ${remote.dir}:build\` first.`);
    process.exit(1);
  }
  cpSync(join(ROOT, remote.dir, 'dist'), target, { recursive: true });
} else if (!existsSync(join(target, 'mf-manifest.json'))) {
  console.error(`${remote.container} ${version} was never released (no ${target}).`);
  process.exit(1);
}
const manifestPath = join(WEB_ROOT, 'remotes.json');
const manifest = existsSync(manifestPath) ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {};
manifest[remote.container] = remoteUrl(remote.container, version);
writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
console.log(`${remote.container} -> ${version}; browsers pick it up on their next page load.`);
