import { CanActivate, ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { allowRevalidation } from '../../common/http/etag';
import type { AuthenticatedUser } from './authenticated-user';
import { bearerTokenOf, JwtStrategy } from './jwt.strategy';
import { IS_OPTIONAL_AUTH_KEY, IS_PUBLIC_KEY } from './public.decorator';

interface GuardedRequest {
  headers: Record<string, unknown>;
  user?: AuthenticatedUser | null;
}

/** Global guard: every route needs a valid bearer token unless it is marked @Public() or @OptionalAuth(). */
@Injectable()
export class JwtAuthGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly strategy: JwtStrategy,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    const request = context.switchToHttp().getRequest<GuardedRequest>();
    const token = bearerTokenOf(request.headers.authorization);
    const optional = this.reflector.getAllAndOverride<boolean>(IS_OPTIONAL_AUTH_KEY, [context.getHandler(), context.getClass()]);
    if (optional && request.headers.authorization === undefined) {
      request.user = null;
      return true;
    }
    if (!isPublic) {
      // A session that cannot be checked throws its 503 from here: not a verdict on the token, so never a 401.
      const user = token ? await this.strategy.authenticate(token) : null;
      if (!user) throw new UnauthorizedException();
      request.user = user;
      // The answer is the caller's own: it may be revalidated by ETag (private, never a shared cache).
      allowRevalidation(request);
      return true;
    }

    // A public route still learns who is calling when a valid token comes along; a bad one is ignored.
    if (typeof request.headers.authorization !== 'string') return true;
    try {
      request.user = token ? await this.strategy.authenticate(token) : null;
    } catch {
      request.user = null;
    }
    return true;
  }
}
