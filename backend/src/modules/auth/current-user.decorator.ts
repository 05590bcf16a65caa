import { createParamDecorator, ExecutionContext, UnauthorizedException } from '@nestjs/common';
import type { AuthenticatedUser } from './authenticated-user';

interface RequestWithUser {
  user?: AuthenticatedUser | null;
}

/** The signed-in user; on a route that is not @Public() the guard has already proven it exists. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): AuthenticatedUser => {
  const user = context.switchToHttp().getRequest<RequestWithUser>().user;
  if (!user) throw new UnauthorizedException();
  return user;
});

/** On a @Public() route: the user when a valid bearer token came with the request, else null. */
export const OptionalUser = createParamDecorator(
  (_: unknown, context: ExecutionContext): AuthenticatedUser | null => context.switchToHttp().getRequest<RequestWithUser>().user ?? null,
);
