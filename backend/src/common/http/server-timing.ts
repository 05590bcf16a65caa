import type { FastifyInstance } from 'fastify';
import { performance } from 'node:perf_hooks';

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request reached the first hook (registerServerTiming). */
    arrivedAt: number;
  }
}

/**
 * `Server-Timing: app;dur=<ms>` on every API read (GET): the time from the request's arrival to its answer being
 * handed to the socket, as the browser's developer tools and `npm run bench` read it. Register it before the other
 * hooks, so their time counts too. Reads only: a sign-in's or a recovery code's exact server time would tell a
 * guesser more than the round trip already does.
 */
export function registerServerTiming(fastify: FastifyInstance, prefix: string): void {
  fastify.decorateRequest('arrivedAt', 0);
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.arrivedAt = performance.now();
    done();
  });
  fastify.addHook('onSend', (request, reply, payload, done) => {
    if (request.method === 'GET' && underPrefix(request.url, prefix)) {
      void reply.header('server-timing', serverTimingOf(performance.now() - request.arrivedAt));
    }
    done(null, payload);
  });
}

/** The header's value for a duration in milliseconds (two decimals, as the specification's examples). */
export function serverTimingOf(elapsedMs: number): string {
  return `app;dur=${elapsedMs.toFixed(2)}`;
}

function underPrefix(url: string, prefix: string): boolean {
  return url.startsWith(prefix) && (url.length === prefix.length || url[prefix.length] === '/' || url[prefix.length] === '?');
}
