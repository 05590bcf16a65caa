import { cpSync, existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES, ROOT, packageVersion, readJson } from './workspace.mjs';

export const WEB_ROOT = join(ROOT, 'dist', 'web');

export const remoteUrl = (container, version) => `/remotes/${container}/${version}/mf-manifest.json`;

/**
 * Lays out what the web server serves: the shell at the root, every remote under
 * remotes/<container>/<version>/, and remotes.json naming the version of each remote in use.
 * An existing remotes.json line is kept (it may be a deliberate rollback); a missing one is added.
 */
export function assembleWebRoot(webRoot = WEB_ROOT) {
  mkdirSync(webRoot, { recursive: true });
  for (const entry of ['index.html', 'assets']) rmSync(join(webRoot, entry), { recursive: true, force: true });
  cpSync(join(ROOT, 'mfe-shell', 'dist'), webRoot, { recursive: true });

  const manifestPath = join(webRoot, 'remotes.json');
  const manifest = existsSync(manifestPath) ? readJson(manifestPath) : {};
  for (const { dir, container } of REMOTES) {
    const version = packageVersion(dir);
    const target = join(webRoot, 'remotes', container, version);
    rmSync(target, { recursive: true, force: true });
    cpSync(join(ROOT, dir, 'dist'), target, { recursive: true });
    manifest[container] ??= remoteUrl(container, version);
  }
  writeFileSync(manifestPath, `${JSON.stringify(manifest, null, 2)}\n`);
  return { webRoot, manifest };
}
