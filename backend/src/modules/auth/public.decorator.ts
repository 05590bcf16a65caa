import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC_KEY = 'auth:isPublic';

/** Opens a route to visitors; every other route needs a valid bearer token. */
export const Public = (): MethodDecorator & ClassDecorator => SetMetadata(IS_PUBLIC_KEY, true);

export const IS_OPTIONAL_AUTH_KEY = 'auth:isOptionalAuth';

/**
 * Opens a route to visitors, but a bearer token that comes along must be valid (401 otherwise, as on a signed-in
 * route): the route answers a visitor and a signed-in user differently, and a stale session must not quietly become a
 * visitor. Read the caller with @OptionalUser().
 */
export const OptionalAuth = (): MethodDecorator & ClassDecorator => SetMetadata(IS_OPTIONAL_AUTH_KEY, true);
