import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { PassportStrategy } from '@nestjs/passport';
import { createSecretKey } from 'node:crypto';
import { ExtractJwt, Strategy } from 'passport-jwt';
import { serviceUnavailableError } from '../../common/errors';
import { SessionValidator } from '../../common/ports';
import type { AppConfig } from '../../config';
import type { AuthenticatedUser, JwtPayload } from './authenticated-user';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const JWT_ALGORITHM = 'HS256';

@Injectable()
export class JwtStrategy extends PassportStrategy(Strategy, 'jwt') {
  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly sessionValidator: SessionValidator,
  ) {
    super({
      jwtFromRequest: ExtractJwt.fromAuthHeaderAsBearerToken(),
      // A KeyObject: given a string, jsonwebtoken first tries it as a PEM public key and throws, on every
      // request (measured: most of an authenticated read's CPU). jsonwebtoken 9 takes a KeyObject; the
      // passport-jwt typings predate it.
      secretOrKey: createSecretKey(Buffer.from(config.get('auth', { infer: true }).jwtSecret, 'utf8')) as unknown as Buffer,
      // Pinned: no 'none', no algorithm confusion.
      algorithms: [JWT_ALGORITHM],
      ignoreExpiration: false,
    });
  }

  /**
   * Returning null fails authentication; the guard turns that into 401. A session that cannot be checked (the
   * database is down) is not a dead one: that throws a 503, which the guard passes on, so the web keeps it.
   */
  async validate(payload: JwtPayload): Promise<AuthenticatedUser | null> {
    if (typeof payload.exp !== 'number' || typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
    // Every token names its server-side session; one without is not ours.
    if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
    const user: AuthenticatedUser = { userId: payload.sub, sessionId: payload.sid };
    let active: boolean;
    try {
      active = await this.sessionValidator.isActive({ ...user, issuedAt: payload.iat });
    } catch (error) {
      throw serviceUnavailableError(error);
    }
    return active ? user : null;
  }
}
