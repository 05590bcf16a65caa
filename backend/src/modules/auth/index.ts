export { AuthModule } from './auth.module';
export { Public } from './public.decorator';
export { CurrentUser, OptionalUser } from './current-user.decorator';
export { SessionValidator } from './session-validator';
export { TokenService, DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from './token.service';
export type { AuthenticatedUser, JwtPayload } from './authenticated-user';
