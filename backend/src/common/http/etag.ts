import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

const REVALIDATABLE = Symbol('revalidatable');
const KNOWN_ETAG = Symbol('knownEtag');

/** What a conditional GET answer carries: only the caller's browser keeps it, and asks before each use. */
export const PRIVATE_REVALIDATE = 'private, no-cache';

/**
 * Marks a request whose answer is the signed-in caller's own (the auth guard calls it once the bearer token and
 * its session are checked, on routes that require them). Public routes are never marked: their answers keep
 * the API's no-store (a referral exchange answers a token).
 */
export function allowRevalidation(request: object): void {
  (request as { [REVALIDATABLE]?: boolean })[REVALIDATABLE] = true;
}

/**
 * The tag of the body about to be sent, when it is already known (a read-cache hit keeps its tag with its body): the
 * conditional-GET hook uses it instead of hashing again, as long as the payload it sends is that very body.
 */
export function useKnownEtag(request: object, body: string | Buffer, etag: string): void {
  (request as { [KNOWN_ETAG]?: { body: string | Buffer; etag: string } })[KNOWN_ETAG] = { body, etag };
}

/** A weak validator: the hash of the exact bytes sent (the same JSON serialises to the same bytes). */
export function weakEtagOf(payload: string | Buffer): string {
  return `W/"${createHash('sha256').update(payload).digest('base64url').slice(0, 27)}"`;
}

/** Whether an If-None-Match header names the tag (weak comparison, RFC 9110 §13.1.2). */
export function ifNoneMatchHits(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = etag.replace(/^W\//, '');
  return header.split(',').some((candidate) => {
    const tag = candidate.trim();
    return tag === '*' || tag.replace(/^W\//, '') === opaque;
  });
}

function revalidatable(request: FastifyRequest, reply: FastifyReply, payload: unknown, prefix: string): payload is string | Buffer {
  if (!(request as { [REVALIDATABLE]?: boolean })[REVALIDATABLE]) return false;
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (reply.statusCode !== 200 || reply.hasHeader('cache-control')) return false;
  const path = request.url.split('?')[0];
  if (path !== prefix && !path.startsWith(`${prefix}/`)) return false;
  const type = reply.getHeader('content-type');
  if (typeof type !== 'string' || !type.startsWith('application/json')) return false;
  return typeof payload === 'string' || Buffer.isBuffer(payload);
}

/**
 * Conditional GET for the signed-in caller's JSON reads: a weak ETag, `Cache-Control: private, no-cache` (a
 * shared cache never stores health data; the browser revalidates every time), `Vary: Authorization`, and 304
 * without a body when If-None-Match names the current tag. Register before the API's no-store default.
 */
export function registerConditionalGet(fastify: FastifyInstance, prefix: string): void {
  // Callback hooks here and in no-store and hostile-input: every API request passes them, and an async hook costs a
  // promise each time.
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (!revalidatable(request, reply, payload, prefix)) return done(null, payload);
    const known = (request as { [KNOWN_ETAG]?: { body: string | Buffer; etag: string } })[KNOWN_ETAG];
    const etag = known && known.body === payload ? known.etag : weakEtagOf(payload);
    const vary = reply.getHeader('vary');
    void reply
      .header('etag', etag)
      .header('cache-control', PRIVATE_REVALIDATE)
      .header('vary', vary ? `${String(vary)}, Authorization` : 'Authorization');
    if (!ifNoneMatchHits(request.headers['if-none-match'], etag)) return done(null, payload);
    void reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    done(null, null);
  });
}
