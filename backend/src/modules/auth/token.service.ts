import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import type { AuthenticatedUser, JwtPayload } from './authenticated-user';
import { JWT_ALGORITHM } from './jwt.strategy';

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 60 * 60;

/** Issues the bearer tokens the JWT strategy accepts. */
@Injectable()
export class TokenService {
  constructor(private readonly jwt: JwtService) {}

  signAccessToken(user: AuthenticatedUser, ttlSeconds = DEFAULT_ACCESS_TOKEN_TTL_SECONDS): Promise<string> {
    const payload: JwtPayload = { sub: user.userId, ...(user.sessionId ? { sid: user.sessionId } : {}) };
    return this.jwt.signAsync(payload, { algorithm: JWT_ALGORITHM, expiresIn: ttlSeconds });
  }
}
