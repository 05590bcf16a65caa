import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { InsurerKey } from './insurer-catalogue';

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 3600;
export const CODE_TTL_MS = 10 * 60 * 1000;
/** RFC 7636 §4.1: code verifiers (and S256 challenges, which are 43 characters) use the unreserved set. */
export const PKCE_VALUE = /^[A-Za-z0-9._~-]{43,128}$/;
const SWEEP_ABOVE = 5000;

export interface OAuthError {
  error: 'invalid_request' | 'invalid_client' | 'invalid_grant' | 'unsupported_grant_type' | 'invalid_scope';
  error_description: string;
}

export interface TokenResponse {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  refresh_token?: string;
  scope: string;
  patient: string;
}

export type TokenResult = { ok: true; body: TokenResponse } | { ok: false; status: 400 | 401; body: OAuthError };

interface CodeGrant {
  insurer: InsurerKey;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  patientId: string;
  scope: string;
  expiresAt: number;
  used: boolean;
}

interface Grant {
  insurer: InsurerKey;
  clientId: string;
  patientId: string;
  scope: string;
  /** The authorization code the grant descends from: replaying that code revokes the whole family. */
  family: string;
}

interface AccessGrant extends Grant {
  expiresAt: number;
}

export type AccessCheck = { ok: true; grant: Grant } | { ok: false; reason: 'invalid' | 'expired' };

const token = (): string => randomBytes(32).toString('base64url');
const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url');
const sameText = (a: string, b: string): boolean => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
};
const invalidGrant = (description: string): TokenResult => ({
  ok: false,
  status: 400,
  body: { error: 'invalid_grant', error_description: description },
});

/** Authorization codes, access tokens and refresh tokens of every sandbox insurer, in memory. */
export class OAuthStore {
  accessTokenTtlSeconds = DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  private readonly codes = new Map<string, CodeGrant>();
  private readonly accessTokens = new Map<string, AccessGrant>();
  private readonly refreshTokens = new Map<string, Grant>();

  constructor(private readonly now: () => number = Date.now) {}

  issueCode(grant: Omit<CodeGrant, 'expiresAt' | 'used'>): string {
    this.sweep();
    const code = token();
    this.codes.set(code, { ...grant, expiresAt: this.now() + CODE_TTL_MS, used: false });
    return code;
  }

  /** RFC 6749 §4.1.3 with RFC 7636 §4.6: single use, unexpired, same client and redirect URI, and the verifier matches. */
  exchangeCode(req: { insurer: InsurerKey; clientId: string; code: string; redirectUri: string; codeVerifier: string }): TokenResult {
    const grant = this.codes.get(req.code);
    if (!grant || grant.insurer !== req.insurer) return invalidGrant('The authorization code is unknown');
    if (grant.used) {
      // RFC 6749 §4.1.2: a replayed code revokes what it was exchanged for.
      this.revokeFamily(req.code);
      return invalidGrant('The authorization code was already used');
    }
    if (grant.expiresAt <= this.now()) return invalidGrant('The authorization code has expired');
    if (grant.clientId !== req.clientId) return invalidGrant('The authorization code was issued to another client');
    if (grant.redirectUri !== req.redirectUri) return invalidGrant('redirect_uri does not match the authorization request');
    if (!PKCE_VALUE.test(req.codeVerifier) || !sameText(s256(req.codeVerifier), grant.codeChallenge)) {
      return invalidGrant('The code_verifier does not match the code_challenge');
    }
    grant.used = true;
    const refreshToken = token();
    const base: Grant = {
      insurer: grant.insurer,
      clientId: grant.clientId,
      patientId: grant.patientId,
      scope: grant.scope,
      family: req.code,
    };
    this.refreshTokens.set(refreshToken, base);
    return { ok: true, body: { ...this.issueAccess(base), refresh_token: refreshToken } };
  }

  /** RFC 6749 §6: a new access token; with `rotate`, also a new refresh token, and the old one stops working. */
  refresh(req: { insurer: InsurerKey; clientId: string; refreshToken: string; scope?: string; rotate: boolean }): TokenResult {
    const grant = this.refreshTokens.get(req.refreshToken);
    if (!grant || grant.insurer !== req.insurer) return invalidGrant('The refresh token is unknown or was revoked');
    if (grant.clientId !== req.clientId) return invalidGrant('The refresh token was issued to another client');
    let scope = grant.scope;
    if (req.scope !== undefined) {
      const granted = new Set(grant.scope.split(' '));
      const asked = req.scope.split(' ').filter(Boolean);
      if (!asked.every((s) => granted.has(s))) {
        return {
          ok: false,
          status: 400,
          body: { error: 'invalid_scope', error_description: 'The scope asked for exceeds what the member granted' },
        };
      }
      scope = asked.join(' ');
    }
    const body = this.issueAccess({ ...grant, scope });
    if (!req.rotate) return { ok: true, body };
    this.refreshTokens.delete(req.refreshToken);
    const rotated = token();
    this.refreshTokens.set(rotated, grant);
    return { ok: true, body: { ...body, refresh_token: rotated } };
  }

  /**
   * RFC 7009 §2.1: revokes a token the client holds. A refresh token ends its whole grant (every access and refresh
   * token descending from the same code); an access token ends only itself. Unknown tokens, and another client's
   * or insurer's, change nothing (the endpoint answers 200 either way).
   */
  revoke(req: { insurer: InsurerKey; clientId: string; token: string }): void {
    const refresh = this.refreshTokens.get(req.token);
    if (refresh && refresh.insurer === req.insurer && refresh.clientId === req.clientId) {
      this.revokeFamily(refresh.family);
      return;
    }
    const access = this.accessTokens.get(req.token);
    if (access && access.insurer === req.insurer && access.clientId === req.clientId) this.accessTokens.delete(req.token);
  }

  checkAccess(insurer: InsurerKey, accessToken: string): AccessCheck {
    const grant = this.accessTokens.get(accessToken);
    if (!grant || grant.insurer !== insurer) return { ok: false, reason: 'invalid' };
    if (grant.expiresAt <= this.now()) return { ok: false, reason: 'expired' };
    return { ok: true, grant };
  }

  private issueAccess(grant: Grant): TokenResponse {
    this.sweep();
    const accessToken = token();
    const ttl = this.accessTokenTtlSeconds;
    this.accessTokens.set(accessToken, { ...grant, expiresAt: this.now() + ttl * 1000 });
    return { access_token: accessToken, token_type: 'Bearer', expires_in: ttl, scope: grant.scope, patient: grant.patientId };
  }

  private revokeFamily(family: string): void {
    for (const [key, grant] of this.accessTokens) if (grant.family === family) this.accessTokens.delete(key);
    for (const [key, grant] of this.refreshTokens) if (grant.family === family) this.refreshTokens.delete(key);
  }

  /** Keeps memory bounded in a long-running sandbox: expired access tokens and codes past their use go. */
  private sweep(): void {
    const now = this.now();
    if (this.accessTokens.size > SWEEP_ABOVE)
      for (const [key, grant] of this.accessTokens) if (grant.expiresAt <= now) this.accessTokens.delete(key);
    // Used codes are kept until they expire so that a replay is still recognised (and revokes).
    if (this.codes.size > SWEEP_ABOVE) for (const [key, grant] of this.codes) if (grant.expiresAt <= now) this.codes.delete(key);
  }
}
