import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { NotFoundFallback } from '../common/errors';
import { cacheControlFor } from './cache-policy';

/**
 * Serves the built web on the API's origin: shell files at '/', remotes.json, /remotes/<name>/<version>/...
 * Returns the 404 fallback that answers index.html for deep links (paths outside /api with no file).
 */
export async function registerWebRoot(fastify: FastifyInstance, root: string): Promise<NotFoundFallback> {
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`WEB_ROOT ${root} is not a directory`);
  await fastify.register(fastifyStatic, {
    root,
    prefix: '/',
    // Routes are matched per request, so a remote released after start is served without a restart.
    wildcard: true,
    index: ['index.html'],
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', cacheControlFor(relative(root, filePath).split(sep).join('/')));
    },
  });
  return (request: FastifyRequest, reply: FastifyReply) => {
    if (!isDeepLink(request)) return false;
    if (!existsSync(join(root, 'index.html'))) return false;
    void reply.header('cache-control', 'no-cache').sendFile('index.html');
    return true;
  };
}

/** A page route of the web app: GET/HEAD, outside /api and /remotes, and not a file name (missing assets stay 404). */
export function isDeepLink(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/remotes/')) return false;
  return extname(path) === '';
}
