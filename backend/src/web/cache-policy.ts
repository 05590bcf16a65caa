const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';
// webpack's [contenthash] in a file name, e.g. main.3f9a1c2b7d.js
const CONTENT_HASH = /[.-][0-9a-f]{8,}\.[a-z0-9]+$/i;

/**
 * Cache-Control for a file under WEB_ROOT (path relative to it, with '/'). Releasing or rolling back a remote
 * is a change to remotes.json and each remote's entry files, so those are revalidated on every load; files
 * under a versioned remote folder never change; the shell's own files are cached only when hashed.
 */
export function cacheControlFor(relativePath: string): string {
  const path = relativePath.replace(/^\/+/, '');
  const name = path.split('/').pop() ?? '';
  if (path === 'remotes.json' || name === 'mf-manifest.json' || name === 'remoteEntry.js') return NO_CACHE;
  if (/^remotes\/[^/]+\/[^/]+\/.+/.test(path)) return IMMUTABLE;
  if (name.endsWith('.html')) return NO_CACHE;
  return CONTENT_HASH.test(name) ? IMMUTABLE : NO_CACHE;
}
