import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import { createSecretKey, type KeyObject } from 'node:crypto';
import { serviceUnavailableError } from '../../common/errors';
import { SessionValidator } from '../../common/ports';
import type { AppConfig } from '../../config';
import type { AuthenticatedUser, JwtPayload } from './authenticated-user';
import { SessionCache, type VerifiedClaims } from './session-cache';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
// `Authorization: Bearer <token>`, the scheme in any case (RFC 7235), as passport-jwt read it.
const BEARER = /^\s*bearer\s+(\S+)\s*$/i;

export const JWT_ALGORITHM = 'HS256';

/** The claims of a token the API issues: an expiry, a user UUID and (every token names its session) a session UUID. */
function ourClaims(payload: JwtPayload): VerifiedClaims | null {
  if (typeof payload.exp !== 'number' || typeof payload.sub !== 'string' || !UUID.test(payload.sub)) return null;
  if (typeof payload.sid !== 'string' || !UUID.test(payload.sid)) return null;
  return { sub: payload.sub, sid: payload.sid, iat: payload.iat, exp: payload.exp };
}

/** The token of an `Authorization: Bearer` header; undefined for any other header or none. */
export function bearerTokenOf(header: unknown): string | undefined {
  if (typeof header !== 'string') return undefined;
  return BEARER.exec(header)?.[1];
}

/**
 * Verifies a bearer token (HS256 only, expiry required) and asks the SessionValidator whether its server-side
 * session is alive. Called by the global guard on every request that carries a token (no Passport in between:
 * it cost an authenticated read more than the check itself). A token's verified claims are kept in the session
 * cache until it expires: the HMAC is computed once a token; the session is still checked on every request.
 */
@Injectable()
export class JwtStrategy {
  // A KeyObject: given a string, jsonwebtoken first tries it as a PEM public key and throws, on every request
  // (measured: most of an authenticated read's CPU). jsonwebtoken 9 takes a KeyObject; the typings predate it.
  private readonly key: KeyObject;

  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly jwt: JwtService,
    private readonly sessionValidator: SessionValidator,
    private readonly cache: SessionCache,
  ) {
    this.key = createSecretKey(Buffer.from(config.get('auth', { infer: true }).jwtSecret, 'utf8'));
  }

  /**
   * The user of a token whose verified claims and live session are both in memory now, without a promise (the
   * read-cache fast path); undefined when either must be checked by authenticate. The verdict authenticate gives
   * without asking PostgreSQL: SessionsService.isActive answers from this very cache first.
   */
  knownUser(token: string): AuthenticatedUser | undefined {
    const claims = this.cache.claimsOf(token);
    if (!claims || !this.cache.isAlive(claims.sid, claims.sub)) return undefined;
    return { userId: claims.sub, sessionId: claims.sid };
  }

  /** The user of a valid token with a live session; null for any token that is not (the guard answers 401). */
  async authenticate(token: string): Promise<AuthenticatedUser | null> {
    const known = this.cache.claimsOf(token);
    if (known) return this.sessionUser(known);
    let payload: JwtPayload & { nbf?: unknown };
    try {
      // Pinned: no 'none', no algorithm confusion.
      payload = this.jwt.verify<JwtPayload & object>(token, { secret: this.key as unknown as Buffer, algorithms: [JWT_ALGORITHM] });
    } catch {
      return null;
    }
    const claims = ourClaims(payload);
    if (!claims) return null;
    this.cache.rememberClaims(token, { ...claims, nbf: payload.nbf });
    return this.sessionUser(claims);
  }

  /**
   * Returning null fails authentication; the guard turns that into 401. A session that cannot be checked (the
   * database is down) is not a dead one: that throws a 503, which the guard passes on, so the web keeps it.
   */
  async validate(payload: JwtPayload): Promise<AuthenticatedUser | null> {
    const claims = ourClaims(payload);
    return claims ? this.sessionUser(claims) : null;
  }

  /** The user of claims already found to be ours, if their session is alive (see validate). */
  private async sessionUser(claims: VerifiedClaims): Promise<AuthenticatedUser | null> {
    const user: AuthenticatedUser = { userId: claims.sub, sessionId: claims.sid };
    let active: boolean;
    try {
      active = await this.sessionValidator.isActive({ ...user, issuedAt: claims.iat });
    } catch (error) {
      throw serviceUnavailableError(error);
    }
    return active ? user : null;
  }
}
