import helmet, { type FastifyHelmetOptions } from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';

/** The app's helmet settings: helmet's defaults, and a CSP for a shell and remotes served from this origin only. */
export const APP_HELMET_OPTIONS: FastifyHelmetOptions = {
  contentSecurityPolicy: {
    // The shell and its remotes come from this origin; no third-party hosts.
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
};

/** A response header as @fastify/helmet sets it: its name as helmet spells it, and its value. */
export type SecurityHeader = readonly [name: string, value: string];

/**
 * The headers @fastify/helmet sets with these options, read once from the plugin itself on a throwaway Fastify
 * instance (so they are its very bytes, whatever helmet version is installed). The plugin builds helmet's middleware
 * and re-parses the CSP directives on every request (measured: about a seventh of a cached read's CPU), although with
 * static options every answer gets the same headers. Options whose values are functions (per-request CSP nonces)
 * cannot be computed once: they are refused.
 */
export async function securityHeadersOf(options: FastifyHelmetOptions): Promise<SecurityHeader[]> {
  if (options.enableCSPNonces || hasFunction(options)) {
    throw new Error('security headers with per-request values (CSP nonces, functions) cannot be computed once');
  }
  const probe = Fastify({ logger: false });
  try {
    await probe.register(helmet, options);
    let headers: SecurityHeader[] = [];
    probe.get('/', (_request, reply) => {
      // Only helmet has written to the raw response so far; Fastify adds its own headers when it sends.
      // getRawHeaderNames (Node 15.13+; not in the typings here) keeps helmet's spelling of each name.
      const raw = reply.raw as typeof reply.raw & { getRawHeaderNames(): string[] };
      headers = raw.getRawHeaderNames().map((name) => [name, String(raw.getHeader(name))] as const);
      return reply.send('');
    });
    await probe.inject({ method: 'GET', url: '/' });
    if (headers.length === 0) throw new Error('@fastify/helmet set no header on the probe request');
    return headers;
  } finally {
    await probe.close();
  }
}

/**
 * Sets the precomputed security headers on every answer, in the onRequest phase where @fastify/helmet sets them (an
 * error or 404 answer carries them too). As reply headers, not on the raw response as helmet does: Node then builds
 * the header block once from Fastify's object instead of also keeping its own copy of each header, and the names go
 * out in lower case, as Fastify sends its own (HTTP field names are case-insensitive). A callback hook: no promise.
 */
export function registerSecurityHeaders(fastify: FastifyInstance, headers: readonly SecurityHeader[]): void {
  const list = headers.map(([name, value]) => [name.toLowerCase(), value] as const);
  fastify.addHook('onRequest', (_request, reply, done) => {
    for (let i = 0; i < list.length; i += 1) reply.header(list[i][0], list[i][1]);
    done();
  });
}

function hasFunction(value: unknown): boolean {
  if (typeof value === 'function') return true;
  if (value === null || typeof value !== 'object') return false;
  return Object.values(value).some(hasFunction);
}
