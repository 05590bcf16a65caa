import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { signIdToken } from './id-token';
import { clientSecretFor, type InsurerKey } from './insurer-catalogue';
import { narrows, type ScopeVersion } from './smart-scopes';

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
  id_token?: string;
}

export type TokenResult = { ok: true; body: TokenResponse } | { ok: false; status: 400 | 401; body: OAuthError };

interface CodeGrant {
  insurer: InsurerKey;
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  patientId: string;
  /** What the member granted (the scope asked, less the record types unticked). */
  scope: string;
  /** The FHIR base the request named as `aud`: the ID token's issuer. */
  issuer: string;
  nonce?: string;
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
  /** Refresh tokens already exchanged, by family: presenting one again is a replay (RFC 9700 §4.14.2). */
  private readonly usedRefreshTokens = new Map<string, string>();

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
    const base: Grant = {
      insurer: grant.insurer,
      clientId: grant.clientId,
      patientId: grant.patientId,
      scope: grant.scope,
      family: req.code,
    };
    const body: TokenResponse = this.issueAccess(base);
    const scopes = grant.scope.split(' ');
    // SMART App Launch: a refresh token only with offline_access; an ID token only with openid.
    if (scopes.includes('offline_access')) {
      const refreshToken = token();
      this.refreshTokens.set(refreshToken, base);
      body.refresh_token = refreshToken;
    }
    if (scopes.includes('openid')) {
      body.id_token = signIdToken({
        issuer: grant.issuer,
        clientId: grant.clientId,
        clientSecret: clientSecretFor(grant.insurer),
        patientId: grant.patientId,
        nowMs: this.now(),
        nonce: grant.nonce,
        fhirUser: scopes.includes('fhirUser'),
      });
    }
    return { ok: true, body };
  }

  /**
   * RFC 6749 §6 with RFC 9700 §4.14.2: every refresh answers a new refresh token and retires the one presented,
   * and presenting a retired one again ends the whole grant (the legitimate client and a thief cannot be told
   * apart). `scope` may narrow the new access token; the grant itself keeps what the member granted.
   */
  refresh(req: { insurer: InsurerKey; clientId: string; refreshToken: string; scope?: string; version: ScopeVersion }): TokenResult {
    const replayedFamily = this.usedRefreshTokens.get(req.refreshToken);
    if (replayedFamily !== undefined) {
      this.revokeFamily(replayedFamily);
      return invalidGrant('The refresh token was already used: the grant is revoked, the member must link again');
    }
    const grant = this.refreshTokens.get(req.refreshToken);
    if (!grant || grant.insurer !== req.insurer) return invalidGrant('The refresh token is unknown or was revoked');
    if (grant.clientId !== req.clientId) return invalidGrant('The refresh token was issued to another client');
    let scope = grant.scope;
    if (req.scope !== undefined) {
      if (!narrows(req.scope, grant.scope, req.version)) {
        return {
          ok: false,
          status: 400,
          body: { error: 'invalid_scope', error_description: 'scope asks for more than the member granted' },
        };
      }
      scope = req.scope.split(' ').filter(Boolean).join(' ');
    }
    this.refreshTokens.delete(req.refreshToken);
    this.usedRefreshTokens.set(req.refreshToken, grant.family);
    const rotated = token();
    this.refreshTokens.set(rotated, grant);
    return { ok: true, body: { ...this.issueAccess({ ...grant, scope }), refresh_token: rotated } };
  }

  /** Ends every refresh token a member's grants at an insurer hold (the member revoked the app at the insurer). */
  revokeMemberRefreshTokens(insurer: InsurerKey, patientId: string): number {
    let revoked = 0;
    for (const [key, grant] of this.refreshTokens) {
      if (grant.insurer === insurer && grant.patientId === patientId) {
        this.refreshTokens.delete(key);
        revoked += 1;
      }
    }
    return revoked;
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
    for (const [key, used] of this.usedRefreshTokens) if (used === family) this.usedRefreshTokens.delete(key);
  }

  /** Keeps memory bounded in a long-running sandbox: expired access tokens and codes past their use go. */
  private sweep(): void {
    const now = this.now();
    if (this.accessTokens.size > SWEEP_ABOVE)
      for (const [key, grant] of this.accessTokens) if (grant.expiresAt <= now) this.accessTokens.delete(key);
    // Used codes are kept until they expire so that a replay is still recognised (and revokes).
    if (this.codes.size > SWEEP_ABOVE) for (const [key, grant] of this.codes) if (grant.expiresAt <= now) this.codes.delete(key);
    // A retired refresh token is remembered while its family lives, so that a replay still ends the family.
    if (this.usedRefreshTokens.size > SWEEP_ABOVE) {
      const live = new Set([...this.refreshTokens.values()].map((g) => g.family));
      for (const [key, family] of this.usedRefreshTokens) if (!live.has(family)) this.usedRefreshTokens.delete(key);
    }
  }
}
