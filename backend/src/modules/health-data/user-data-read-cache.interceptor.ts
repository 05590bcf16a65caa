import { Injectable, type CallHandler, type ExecutionContext, type NestInterceptor } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { map, of, type Observable } from 'rxjs';
import { UserReadCache } from '../../common/http/read-cache';
import type { AuthenticatedUser } from '../auth';

// What Fastify itself sends for an object answer: the cached bytes, and so their ETag, are the same.
const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * On a GET of the signed-in member's own data: answers from the read cache when it may, else runs the handler and
 * keeps its serialised answer (the conditional-GET hook then tags either the same way). Errors are never kept.
 */
@Injectable()
export class UserDataReadCacheInterceptor implements NestInterceptor {
  constructor(private readonly cache: UserReadCache) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
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
