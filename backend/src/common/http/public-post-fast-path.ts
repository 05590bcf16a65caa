import type { FastifyInstance } from 'fastify';

export interface PublicPostFastPathOptions {
  /** The route's whole path ('/api/drugLookup'): only a POST of exactly this URL (no query string) is looked at. */
  url: string;
  /**
   * The route's 200 answer to this body from this address as JSON text, or undefined to leave the request to Nest. It
   * answers only bodies Nest's validation would pass unchanged; a throw also leaves the request to Nest, which then
   * answers it (its error included) as it always does.
   */
  answer: (body: unknown, ip: string | null) => Promise<string | undefined>;
}

/**
 * Answers a public JSON POST in Fastify's preHandler phase, before Nest's router, global guard, interceptors and
 * validation pipe (measured on the drug name search: most of a request's cost once the answer itself is cached).
 * Everything before preHandler (correlation id, security headers, request logging, body parsing, the hostile-input
 * check) has run, and everything after the handler (Cache-Control, ETag) runs on its answer as on any. For routes
 * marked @Public() with no guard, interceptor or pipe of their own beyond the global validation pipe, whose rules
 * `answer` applies itself.
 */
export function registerPublicPostFastPath(fastify: FastifyInstance, { url, answer }: PublicPostFastPathOptions): void {
  fastify.addHook('preHandler', async (request, reply) => {
    if (request.method !== 'POST' || request.url !== url) return;
    let body: string | undefined;
    try {
      body = await answer(request.body, request.ip ?? null);
    } catch {
      return; // Nest answers it, errors in the app's own shape
    }
    if (body === undefined) return;
    await reply.code(200).header('content-type', 'application/json; charset=utf-8').send(body);
    return reply;
  });
}
