import type { FastifyInstance, FastifyRequest } from 'fastify';
import { allowRevalidation, useKnownEtag } from './etag';
import { READ_CACHE_CONTENT_TYPE, type UserReadCache } from './read-cache';

export interface ReadCacheFastPathOptions {
  /** The API prefix ('/api'): nothing outside it is looked up. */
  prefix: string;
  cache: UserReadCache;
  /** The token of the request's Authorization header, as the auth guard reads it. */
  bearerTokenOf: (header: unknown) => string | undefined;
  /**
   * The auth guard's check of a token answered from memory alone: the user when the token's verified claims and its
   * live session are both known in memory now (the guard would pass it without asking PostgreSQL), else undefined.
   */
  knownUser: (token: string) => { userId: string; sessionId?: string } | undefined;
}

/**
 * Answers a signed-in member's repeated read from the read cache in Fastify's preHandler phase, before Nest's
 * router, guard, interceptors and pipes (measured: most of the cost of such a read once the security headers, the
 * token and the session come from memory). Synchronous: a hit costs no promise.
 *
 * Why it is the same answer: only UserDataReadCacheInterceptor stores entries, keyed by member and exact URL, and only
 * from successful GETs of routes it guards; a hit here needs the bearer token to pass the guard's own in-memory check
 * (knownUser: verified claims, and a live session in the session cache, as SessionsService.isActive answers first),
 * and is the body, content type and status the interceptor would answer. Everything before preHandler (correlation
 * id, security headers, request logging, the hostile-input check) has run, and everything after the handler (ETag and
 * 304, Cache-Control, Vary) runs on it as on any answer. Anything else - another method, no token, a token or session
 * that is not known in memory (the guard then checks it in PostgreSQL and refuses or remembers it), a miss - goes on
 * to Nest unchanged, which answers as before. Routes that add a guard of their own must not use the interceptor.
 */
export function registerReadCacheFastPath(fastify: FastifyInstance, options: ReadCacheFastPathOptions): void {
  const { prefix, cache, bearerTokenOf, knownUser } = options;
  const under = `${prefix}/`;
  fastify.addHook('preHandler', (request: FastifyRequest & { user?: unknown }, reply, done) => {
    if (request.method !== 'GET' || !cache.trusted || !request.url.startsWith(under)) return done();
    const token = bearerTokenOf(request.headers.authorization);
    const user = token ? knownUser(token) : undefined;
    const hit = user ? cache.lookup(user.userId, request.url) : undefined;
    if (!hit) return done();
    // As the guard does for a signed-in caller's route: the answer is theirs and revalidated by ETag.
    request.user = user;
    allowRevalidation(request);
    useKnownEtag(request, hit.bytes, hit.etag);
    void reply.header('content-type', READ_CACHE_CONTENT_TYPE).send(hit.bytes);
  });
}
