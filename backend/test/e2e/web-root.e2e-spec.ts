import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { createTestApp } from '../utils/test-app';

const FILES: Record<string, string> = {
  'index.html': '<!doctype html><title>shell</title>',
  'preload.json': JSON.stringify({ groups: { bootstrap: ['bootstrap.5e6f7a8b9c.js'] } }),
  'main.3f9a1c2b7d.js': 'console.log("shell")',
  'remotes.json': JSON.stringify({ mfe_public: '/remotes/mfe_public/1.2.0/mf-manifest.json' }),
  'remotes/mfe_public/1.2.0/mf-manifest.json': '{"name":"mfe_public"}',
  'remotes/mfe_public/1.2.0/remoteEntry.js': 'var mfe_public;',
  'remotes/mfe_public/1.2.0/src_App_tsx.js': 'export{}',
};

describe('the web bundles on the API origin (WEB_ROOT)', () => {
  let app: NestFastifyApplication;
  let webRoot: string;

  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'healthlink-web-'));
    for (const [path, content] of Object.entries(FILES)) {
      mkdirSync(dirname(join(webRoot, path)), { recursive: true });
      writeFileSync(join(webRoot, path), content);
    }
    app = await createTestApp({ WEB_ROOT: webRoot });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const get = (url: string) => app.inject({ method: 'GET', url });

  it('serves the shell at / without caching', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(FILES['index.html']);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
  });

  it('serves remotes.json, manifests and remote entries with no-cache', async () => {
    for (const url of ['/remotes.json', '/remotes/mfe_public/1.2.0/mf-manifest.json', '/remotes/mfe_public/1.2.0/remoteEntry.js']) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
    }
  });

  it('caches versioned remote chunks and hashed shell files for a year', async () => {
    for (const url of ['/remotes/mfe_public/1.2.0/src_App_tsx.js', '/main.3f9a1c2b7d.js']) {
      const res = await get(url);
      expect([url, res.statusCode, res.headers['cache-control']]).toEqual([url, 200, 'public, max-age=31536000, immutable']);
    }
  });

  it('answers deep links with index.html', async () => {
    for (const url of ['/about', '/app/dashboard', '/intermediary/uhc?code=1']) {
      const res = await get(url);
      expect([url, res.statusCode, res.body]).toEqual([url, 200, FILES['index.html']]);
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('sends the shell compressed when the browser accepts it, and names the page files in it', async () => {
    writeFileSync(join(webRoot, 'index.html'), '<head><title>shell</title><script defer src=/main.js></script></head>');
    try {
      const res = await app.inject({ method: 'GET', url: '/about?utm=1', headers: { 'accept-encoding': 'gzip, br' } });
      expect([res.statusCode, res.headers['content-encoding'], res.headers['content-type'], res.headers.vary]).toEqual([
        200,
        'br',
        'text/html; charset=utf-8',
        'Accept-Encoding',
      ]);
      expect(brotliDecompressSync(res.rawPayload).toString()).toBe(
        '<head><title>shell</title><link rel="preload" href="/remotes.json" as="fetch" crossorigin>' +
          '<link rel="preload" href="/api/siteInfo" as="fetch" crossorigin><link rel="preload" href="/bootstrap.5e6f7a8b9c.js" as="script">' +
          '<script defer src=/main.js></script></head>',
      );
    } finally {
      writeFileSync(join(webRoot, 'index.html'), FILES['index.html']);
    }
  });

  it('keeps unknown /api paths a JSON 404', async () => {
    const res = await get('/api/nothing/here');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'REQUEST.NOT_FOUND', message: 'Not found' });
  });

  it('answers a missing asset with 404, not the shell', async () => {
    for (const url of ['/remotes/mfe_public/9.9.9/remoteEntry.js', '/missing.js']) {
      const res = await get(url);
      expect([url, res.statusCode]).toEqual([url, 404]);
    }
  });

  it('picks up a remote released after start', async () => {
    mkdirSync(join(webRoot, 'remotes/mfe_public/1.3.0'), { recursive: true });
    writeFileSync(join(webRoot, 'remotes/mfe_public/1.3.0/remoteEntry.js'), 'var v13;');
    const res = await get('/remotes/mfe_public/1.3.0/remoteEntry.js');
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('var v13;');
  });

  it('still serves the API', async () => {
    expect((await get('/api/pingServer')).json()).toEqual({ message: 'pong' });
  });
});
