import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import { GUARDS_METADATA } from '@nestjs/common/constants';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, of, type Observable } from 'rxjs';
import { READ_CACHE_CONTENT_TYPE as JSON_TYPE, UserReadCache } from '../../common/http/read-cache';
import { IS_OPTIONAL_AUTH_KEY, IS_PUBLIC_KEY, type AuthenticatedUser } from '../auth';

// What would make the fast path's answer differ from Nest's: a route open to visitors, or one with a guard of its own.
const ACCESS_METADATA = [IS_PUBLIC_KEY, IS_OPTIONAL_AUTH_KEY, GUARDS_METADATA];

/**
 * The read-cache fast path answers a cached read after the global guard's check alone, so a route whose access is
 * decided otherwise must never be cached: such a route fails at its first request (in the tests), not in production.
 */
export function assertCacheableRoute(handler: object, controller: object): void {
  for (const key of ACCESS_METADATA) {
    if (Reflect.getMetadata(key, handler) !== undefined || Reflect.getMetadata(key, controller) !== undefined) {
      throw new Error(
        `UserDataReadCacheInterceptor on ${(controller as { name?: string }).name ?? 'a controller'}: the route has ${key} ` +
          'metadata, and the read-cache fast path would answer it after the global guard alone',
      );
    }
  }
}

/**
 * On a GET of the signed-in member's own data: answers from the read cache when it may, else runs the handler and
 * keeps its serialised answer (the conditional-GET hook then tags either the same way). Errors are never kept.
 * Most hits never get here: the read-cache fast path (common/http/read-cache-fast-path.ts) answers them before
 * Nest's pipeline; this one answers those it passes on (such as a hit whose session was first checked here).
 */
@Injectable()
export class UserDataReadCacheInterceptor implements NestInterceptor {
  private readonly checked = new WeakSet<object>();

  constructor(private readonly cache: UserReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const handler = context.getHandler();
    if (!this.checked.has(handler)) {
      assertCacheableRoute(handler, context.getClass());
      this.checked.add(handler);
    }
    const http = context.switchToHttp();
    const request = http.getRequest<FastifyRequest & { user?: AuthenticatedUser | null }>();
    const userId = request.user?.userId;
    if (!userId || request.method !== 'GET') return next.handle();
    const reply = http.getResponse<FastifyReply>();
    const cached = this.cache.get(userId, request.url);
    if (cached !== undefined) {
      void reply.header('content-type', JSON_TYPE);
      return of(cached);
    }
    const ticket = this.cache.beginRead();
    return next.handle().pipe(
      map((body: unknown) => {
        const json = JSON.stringify(body);
        this.cache.store(userId, request.url, json, ticket);
        void reply.header('content-type', JSON_TYPE);
        return json;
      }),
    );
  }
}
