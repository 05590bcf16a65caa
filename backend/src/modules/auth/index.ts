export { AuthModule } from './auth.module';
export { IS_OPTIONAL_AUTH_KEY, IS_PUBLIC_KEY, OptionalAuth, Public } from './public.decorator';
export { CurrentUser, OptionalUser } from './current-user.decorator';
export { TokenService, DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from './token.service';
export { SessionsService } from './sessions.service';
// For the read-cache fast path (app.factory.ts): the global guard's own token and session check.
export { bearerTokenOf, JwtStrategy } from './jwt.strategy';
export type { ClientMeta } from './sessions.service';
export { UsersService } from './users.service';
export { PasswordRecoveryService } from './password-recovery.service';
export { deriveHmacKey } from './hmac-keys';
export { newOneTimeCode, OneTimeCodeHasher } from './one-time-code';
export type { User } from './user';
export { RateLimiter, RATE_LIMITS } from './rate-limiter.service';
export type { RateLimitRule } from './rate-limiter.service';
export { addressSubject } from './rate-limit-subject';
export type { AuthenticatedUser, JwtPayload } from './authenticated-user';
