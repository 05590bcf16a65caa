import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { existsSync, statSync } from 'node:fs';
import { extname, relative, sep } from 'node:path';
import type { NotFoundFallback } from '../common/errors';
import { cacheControlFor } from './cache-policy';
import { ShellPages } from './shell-page';

/**
 * Serves the built web on the API's origin: shell files at '/', remotes.json, /remotes/<name>/<version>/...
 * Returns the 404 fallback that answers the shell's HTML, with the route's files to preload, for '/' and
 * deep links (paths outside /api with no file).
 */
export async function registerWebRoot(fastify: FastifyInstance, root: string): Promise<NotFoundFallback> {
  if (!existsSync(root) || !statSync(root).isDirectory()) throw new Error(`WEB_ROOT ${root} is not a directory`);
  await fastify.register(fastifyStatic, {
    root,
    prefix: '/',
    // Routes are matched per request, so a remote released after start is served without a restart.
    wildcard: true,
    // '/' is a page like any other: answered below with the home page's preloads.
    index: false,
    cacheControl: false,
    dotfiles: 'deny',
    // The build writes .br and .gz beside every text asset: send the smallest the browser accepts.
    preCompressed: true,
    setHeaders: (reply, filePath) => {
      void reply.header('cache-control', cacheControlFor(relative(root, filePath).split(sep).join('/')));
    },
  });
  const pages = new ShellPages(root);
  const sendShell = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const page = pages.render(request.url.split('?')[0], String(request.headers['accept-encoding'] ?? ''));
    if (!page) return false;
    void reply
      .status(200)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Encoding');
    if (page.encoding) void reply.header('content-encoding', page.encoding);
    void reply.send(page.body);
    return true;
  };
  fastify.get('/', (request, reply) => {
    if (!sendShell(request, reply)) void reply.callNotFound();
  });
  return (request, reply) => isDeepLink(request) && sendShell(request, reply);
}

/** A page route of the web app: GET/HEAD, outside /api and /remotes, and not a file name (missing assets stay 404). */
export function isDeepLink(request: Pick<FastifyRequest, 'method' | 'url'>): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0];
  if (path === '/api' || path.startsWith('/api/') || path.startsWith('/remotes/')) return false;
  return extname(path) === '';
}
