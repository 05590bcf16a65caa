import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { pagePreloads, ShellPages, withPreloads } from './shell-page';

const INDEX =
  '<!doctype html><html><head><title></title><script defer src=/main.1234abcd.js></script></head><body><div id=root></div></body></html>';

function webRoot(files: Record<string, unknown>): string {
  const root = mkdtempSync(join(tmpdir(), 'healthlink-shell-page-'));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), typeof content === 'string' ? content : JSON.stringify(content));
  }
  return root;
}

const publicManifest = (expose: string) => ({
  metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ name: 'App', assets: { js: { sync: ['web-runtime.aaaa1111.js', expose], async: [] }, css: { sync: [], async: [] } } }],
});

const FILES = {
  'index.html': INDEX,
  'preload.json': { groups: { bootstrap: ['bootstrap.bbbb2222.js', 'bootstrap.cccc3333.css'], shared: ['470.dddd4444.js'] } },
  'remotes.json': {
    mfe_public: '/remotes/mfe_public/1.0.0/mf-manifest.json',
    mfe_dashboard: '/remotes/mfe_dashboard/2.0.0/mf-manifest.json',
  },
  'remotes/mfe_public/1.0.0/mf-manifest.json': publicManifest('__federation_expose_App.eeee5555.js'),
  'remotes/mfe_public/1.0.0/preload.json': {
    groups: {
      'page-home': ['page-home.ffff6666.js', 'page-home.0000aaaa.css', 'web-runtime.aaaa1111.js'],
      'page-about': ['page-about.1111bbbb.js'],
    },
  },
};

// Each test gets its own web root, built from FILES.
let root: string;
beforeEach(() => {
  root = webRoot(FILES);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('pagePreloads', () => {
  it('names the shell start-up files, remotes.json, and the route remote entry, module and page chunk, once each', () => {
    expect(pagePreloads(root, '/')).toEqual([
      { href: '/remotes.json', as: 'fetch' },
      { href: '/api/siteInfo', as: 'fetch' },
      { href: '/bootstrap.bbbb2222.js', as: 'script' },
      { href: '/bootstrap.cccc3333.css', as: 'style' },
      { href: '/470.dddd4444.js', as: 'script' },
      { href: '/remotes/mfe_public/1.0.0/mf-manifest.json', as: 'fetch' },
      { href: '/remotes/mfe_public/1.0.0/remoteEntry.js', as: 'script' },
      { href: '/remotes/mfe_public/1.0.0/web-runtime.aaaa1111.js', as: 'script' },
      { href: '/remotes/mfe_public/1.0.0/__federation_expose_App.eeee5555.js', as: 'script' },
      { href: '/remotes/mfe_public/1.0.0/page-home.ffff6666.js', as: 'script' },
      { href: '/remotes/mfe_public/1.0.0/page-home.0000aaaa.css', as: 'style' },
    ]);
    expect(pagePreloads(root, '/about').map((l) => l.href)).toContain('/remotes/mfe_public/1.0.0/page-about.1111bbbb.js');
  });

  it('names only the shell files for an unknown path, or a remote whose build is missing', () => {
    const shellOnly = ['/remotes.json', '/api/siteInfo', '/bootstrap.bbbb2222.js', '/bootstrap.cccc3333.css', '/470.dddd4444.js'];
    expect(pagePreloads(root, '/no/such/page').map((l) => l.href)).toEqual(shellOnly);
    expect(pagePreloads(root, '/app/dashboard').map((l) => l.href)).toEqual(shellOnly);
  });

  it('never reads outside the web root, whatever remotes.json says', () => {
    writeFileSync(join(root, 'remotes.json'), JSON.stringify({ mfe_public: '/remotes/../../../etc/mf-manifest.json' }));
    expect(pagePreloads(root, '/').map((l) => l.href)).not.toContain('/remotes/../../../etc/mf-manifest.json');
  });
});

describe('withPreloads', () => {
  it('puts the links ahead of the first script, fetches with crossorigin, attributes escaped', () => {
    const html = withPreloads(INDEX, [
      { href: '/remotes.json', as: 'fetch' },
      { href: '/a"b.js', as: 'script' },
    ]);
    expect(html).toContain(
      '<title></title><link rel="preload" href="/remotes.json" as="fetch" crossorigin><link rel="preload" href="/a&quot;b.js" as="script"><script defer',
    );
  });

  it('falls back to the end of <head>, and leaves a page with neither unchanged', () => {
    expect(withPreloads('<head></head>', [{ href: '/x.css', as: 'style' }])).toBe(
      '<head><link rel="preload" href="/x.css" as="style"></head>',
    );
    expect(withPreloads('<p>hi</p>', [{ href: '/x.css', as: 'style' }])).toBe('<p>hi</p>');
  });
});

describe('ShellPages', () => {
  it('answers brotli, gzip or plain HTML as the browser accepts', () => {
    const pages = new ShellPages(root);
    const plain = pages.render('/about')!;
    expect(plain.encoding).toBeUndefined();
    expect(plain.body.toString()).toContain('page-about.1111bbbb.js');
    const br = pages.render('/about', 'gzip, deflate, br')!;
    expect([br.encoding, brotliDecompressSync(br.body).toString()]).toEqual(['br', plain.body.toString()]);
    const gz = pages.render('/about', 'gzip')!;
    expect([gz.encoding, gunzipSync(gz.body).toString()]).toEqual(['gzip', plain.body.toString()]);
  });

  it('follows a release: a new remotes.json names the new version files without a restart', () => {
    const pages = new ShellPages(root);
    expect(pages.render('/')!.body.toString()).toContain('/remotes/mfe_public/1.0.0/page-home.ffff6666.js');
    mkdirSync(join(root, 'remotes/mfe_public/1.1.0'), { recursive: true });
    writeFileSync(
      join(root, 'remotes/mfe_public/1.1.0/mf-manifest.json'),
      JSON.stringify(publicManifest('__federation_expose_App.99990000.js')),
    );
    writeFileSync(join(root, 'remotes.json'), JSON.stringify({ mfe_public: '/remotes/mfe_public/1.1.0/mf-manifest.json' }));
    const later = new Date(Date.now() + 5000);
    utimesSync(join(root, 'remotes.json'), later, later);
    const html = pages.render('/')!.body.toString();
    expect(html).toContain('/remotes/mfe_public/1.1.0/__federation_expose_App.99990000.js');
    expect(html).not.toContain('/remotes/mfe_public/1.0.0/');
  });

  it('answers nothing when the web root has no index.html', () => {
    rmSync(join(root, 'index.html'));
    expect(new ShellPages(root).render('/')).toBeNull();
  });
});
