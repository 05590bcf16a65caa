import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

export interface RequestClient {
  /** The caller's address (X-Forwarded-For only when HTTP_TRUST_PROXY=true). */
  ip: string | null;
  userAgent: string | null;
  /** The raw bearer credential, for routes that take something other than a session token. */
  bearer: string | null;
}

export const Client = createParamDecorator((_: unknown, context: ExecutionContext): RequestClient => {
  const request = context.switchToHttp().getRequest<FastifyRequest>();
  const auth = request.headers.authorization;
  const bearer = typeof auth === 'string' && /^Bearer\s+\S+$/i.test(auth) ? auth.replace(/^Bearer\s+/i, '') : null;
  const userAgent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof userAgent === 'string' ? userAgent : null, bearer };
});
