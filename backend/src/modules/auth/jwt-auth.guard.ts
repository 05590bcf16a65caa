import { ExecutionContext, Injectable, UnauthorizedException } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { AuthGuard } from '@nestjs/passport';
import { AppError } from '../../common/errors';
import type { AuthenticatedUser } from './authenticated-user';
import { IS_PUBLIC_KEY } from './public.decorator';

/** Global guard: every route needs a valid bearer token unless it is marked @Public(). */
@Injectable()
export class JwtAuthGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC_KEY, [context.getHandler(), context.getClass()]);
    if (!isPublic) return (await super.canActivate(context)) as boolean;

    // A public route still learns who is calling when a valid token comes along; a bad one is ignored.
    const request = context.switchToHttp().getRequest<{ headers: Record<string, unknown>; user?: unknown }>();
    if (typeof request.headers.authorization !== 'string') return true;
    try {
      await super.canActivate(context);
    } catch {
      request.user = null;
    }
    return true;
  }

  override handleRequest<TUser = AuthenticatedUser>(err: unknown, user: TUser | false | null): TUser {
    // An AppError (the session could not be checked: 503) is not a verdict on the token; only a failed check is a 401.
    if (err instanceof AppError) throw err;
    if (err || !user) throw new UnauthorizedException();
    return user;
  }
}
