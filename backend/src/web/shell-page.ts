import { routeForPath } from '@healthlink/contracts';
import { readFileSync, statSync } from 'node:fs';
import { posix, resolve, sep } from 'node:path';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';

export interface PreloadLink {
  href: string;
  as: 'script' | 'style' | 'fetch';
}

export interface ShellPage {
  body: Buffer;
  encoding?: 'br' | 'gzip';
}

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: { name?: string; assets?: Assets }[];
}
interface Assets {
  js?: { sync?: string[] };
  css?: { sync?: string[] };
}
interface PreloadManifest {
  groups?: Record<string, string[]>;
}

// The shell's start-up request for the site facts (web-runtime's prefetchSiteInfo).
const SITE_INFO_URL = '/api/siteInfo';

const syncFiles = (assets: Assets | undefined) => [...(assets?.js?.sync ?? []), ...(assets?.css?.sync ?? [])];
const linkFor = (href: string): PreloadLink => ({ href, as: href.endsWith('.css') ? 'style' : 'script' });

/**
 * Every file the page at `pathname` needs before it shows, named from the build's own manifests: the
 * shell's start-up chunk and shared libraries, remotes.json, and the route's remote (manifest, entry,
 * exposed module, the page's chunk). Without this list the browser discovers them one hop after another
 * (shell, remotes.json, manifest, remote entry, page): five round trips before the page's first word.
 * A file the build does not describe is left out: the list is a hint, the page loads without it.
 */
export function pagePreloads(root: string, pathname: string): PreloadLink[] {
  const read = <T>(path: string): T | undefined => readJsonInside<T>(root, path);
  const links: PreloadLink[] = [
    { href: '/remotes.json', as: 'fetch' },
    { href: SITE_INFO_URL, as: 'fetch' },
  ];
  const shell = read<PreloadManifest>('preload.json')?.groups;
  links.push(...[...(shell?.bootstrap ?? []), ...(shell?.shared ?? [])].map((file) => linkFor(`/${file}`)));

  const route = routeForPath(pathname);
  const manifestUrl = route ? read<Record<string, unknown>>('remotes.json')?.[route.remote] : undefined;
  if (route && typeof manifestUrl === 'string' && manifestUrl.startsWith('/remotes/')) {
    const remote = read<FederationManifest>(manifestUrl);
    const dir = posix.dirname(manifestUrl);
    const entry = remote?.metaData?.remoteEntry;
    if (remote && entry?.name) {
      links.push({ href: manifestUrl, as: 'fetch' }, linkFor(posix.join(dir, entry.path ?? '', entry.name)));
      const app = remote.exposes?.find((e) => e.name === 'App');
      const pageFiles = read<PreloadManifest>(posix.join(dir, 'preload.json'))?.groups?.[`page-${route.page}`] ?? [];
      links.push(...[...syncFiles(app?.assets), ...pageFiles].map((file) => linkFor(posix.join(dir, file))));
    }
  }
  const seen = new Set<string>();
  return links.filter((l) => !seen.has(l.href) && seen.add(l.href));
}

/** The shell's index.html with the preload links ahead of its scripts (or at the end of <head>). */
export function withPreloads(html: string, links: PreloadLink[]): string {
  const tags = links
    .map((l) => `<link rel="preload" href="${escapeAttribute(l.href)}" as="${l.as}"${l.as === 'fetch' ? ' crossorigin' : ''}>`)
    .join('');
  const firstScript = html.search(/<script\b/i);
  const at = firstScript >= 0 ? firstScript : html.search(/<\/head>/i);
  return at < 0 ? html : html.slice(0, at) + tags + html.slice(at);
}

/**
 * The shell's HTML for each route, with its preload links, compressed once: kept until index.html or
 * remotes.json changes (a remote released or rolled back), so a release needs no restart.
 */
export class ShellPages {
  private stamp = '';
  private readonly cache = new Map<string, Partial<Record<'identity' | 'br' | 'gzip', Buffer>>>();

  constructor(private readonly root: string) {}

  render(pathname: string, acceptEncoding = ''): ShellPage | null {
    const indexStamp = fileStamp(resolve(this.root, 'index.html'));
    if (!indexStamp) return null;
    const stamp = `${indexStamp}|${fileStamp(resolve(this.root, 'remotes.json'))}`;
    if (stamp !== this.stamp) {
      this.cache.clear();
      this.stamp = stamp;
    }
    const route = routeForPath(pathname);
    const key = route?.path ?? '';
    let variants = this.cache.get(key);
    if (!variants) {
      const html = readFileSync(resolve(this.root, 'index.html'), 'utf8');
      variants = { identity: Buffer.from(withPreloads(html, pagePreloads(this.root, route?.path ?? pathname))) };
      this.cache.set(key, variants);
    }
    const identity = variants.identity as Buffer;
    if (/\bbr\b/.test(acceptEncoding)) {
      variants.br ??= brotliCompressSync(identity, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } });
      return { body: variants.br, encoding: 'br' };
    }
    if (/\bgzip\b/.test(acceptEncoding)) {
      variants.gzip ??= gzipSync(identity, { level: 9 });
      return { body: variants.gzip, encoding: 'gzip' };
    }
    return { body: identity };
  }
}

function fileStamp(path: string): string {
  try {
    const s = statSync(path);
    return `${s.mtimeMs}:${s.size}`;
  } catch {
    return '';
  }
}

/** A JSON file of the web root (path relative to it, '/' separated); undefined if absent, unreadable or outside. */
function readJsonInside<T>(root: string, path: string): T | undefined {
  const base = resolve(root);
  const file = resolve(base, `.${posix.normalize(`/${path}`)}`);
  if (!file.startsWith(base + sep)) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
