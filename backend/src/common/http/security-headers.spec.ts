import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import { APP_HELMET_OPTIONS, registerSecurityHeaders, securityHeadersOf } from './security-headers';

/** An app answering JSON, a thrown error and (by default) 404, with the security headers set by `secure`. */
async function appWith(secure: (fastify: FastifyInstance) => Promise<void>): Promise<FastifyInstance> {
  const fastify = Fastify({ logger: false });
  await secure(fastify);
  fastify.get('/api/thing', (_request, reply) => reply.send({ ok: true }));
  fastify.get('/api/broken', () => {
    throw new Error('boom');
  });
  await fastify.ready();
  return fastify;
}

/** Every header of the answer, in order, but the date. */
async function headersOf(fastify: FastifyInstance, url: string): Promise<[string, unknown][]> {
  const res = await fastify.inject({ method: 'GET', url });
  return Object.entries(res.headers).filter(([name]) => name !== 'date');
}

describe('precomputed security headers', () => {
  const apps: FastifyInstance[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));

  async function pair(options: FastifyHelmetOptions): Promise<[FastifyInstance, FastifyInstance]> {
    const precomputed = await securityHeadersOf(options);
    const plugin = await appWith(async (fastify) => {
      await fastify.register(helmet, options);
    });
    const ours = await appWith(async (fastify) => registerSecurityHeaders(fastify, precomputed));
    apps.push(plugin, ours);
    return [plugin, ours];
  }

  it.each([
    ['the app settings', APP_HELMET_OPTIONS],
    ['helmet defaults', {}],
    ['some policies off or changed', { contentSecurityPolicy: false, frameguard: { action: 'deny' as const }, hsts: { maxAge: 60 } }],
  ])('are the very headers @fastify/helmet sends with %s, on answers, errors and 404s', async (_name, options) => {
    const [plugin, ours] = await pair(options);
    for (const url of ['/api/thing', '/api/broken', '/nothing/here']) {
      const expected = await headersOf(plugin, url);
      expect([url, await headersOf(ours, url)]).toEqual([url, expected]);
    }
  });

  it('include the app CSP and helmet defaults', async () => {
    const headers = new Map((await securityHeadersOf(APP_HELMET_OPTIONS)).map(([name, value]) => [name.toLowerCase(), value]));
    expect(headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-content-type-options')).toBe('nosniff');
    expect(headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  it('refuses settings whose values change per request', async () => {
    await expect(securityHeadersOf({ enableCSPNonces: true })).rejects.toThrow(/per-request/);
    await expect(
      securityHeadersOf({ contentSecurityPolicy: { directives: { scriptSrc: ["'self'", () => "'nonce-x'"] } } }),
    ).rejects.toThrow(/per-request/);
  });
});
