import type { FastifyInstance } from 'fastify';

/**
 * `Cache-Control: no-store` on every answer under the API prefix that does not choose its own caching (such as
 * the public, cacheable /api/siteInfo): answers carry personal data, and neither a shared cache nor the
 * browser's disk may keep them.
 */
export function registerNoStoreForApi(fastify: FastifyInstance, prefix: string): void {
  fastify.addHook('onSend', (request, reply, payload, done) => {
    const path = request.url.split('?')[0];
    const underApi = path === prefix || path.startsWith(`${prefix}/`);
    if (underApi && !reply.hasHeader('cache-control')) void reply.header('cache-control', 'no-store');
    done(null, payload);
  });
}
