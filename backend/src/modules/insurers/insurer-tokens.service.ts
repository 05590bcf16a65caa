import type { InsurerKey } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { requestToken, type TokenSet } from './adapters/oauth.client';
import { PartnerPermanentError } from './insurers.errors';
import { InsurerLinkRow, InsurersRepository } from './insurers.repository';
import { TokenCipher } from './token-cipher';

// Refresh a little before the insurer's expiry, so a long paging run does not cross it.
const EXPIRY_MARGIN_MS = 60_000;

/** Insurer tokens: sealed at rest, exchanged and refreshed over OAuth, never sent to the browser. */
@Injectable()
export class InsurerTokensService {
  constructor(
    private readonly repository: InsurersRepository,
    private readonly cipher: TokenCipher,
    private readonly config: ConfigService<AppConfig, true>,
  ) {}

  private endpoints(insurer: InsurerKey) {
    return this.config.get('insurers', { infer: true }).endpoints[insurer];
  }

  /** Trades an authorization code (with its PKCE verifier) for tokens and stores the link. */
  async exchangeCode(userId: string, insurer: InsurerKey, subset: string | null, code: string, verifier: string): Promise<void> {
    const endpoints = this.endpoints(insurer);
    const tokens = await requestToken(endpoints, {
      grant_type: 'authorization_code',
      code,
      redirect_uri: endpoints.redirectUri,
      code_verifier: verifier,
      client_id: endpoints.clientId,
    });
    await this.repository.upsertLink(userId, insurer, subset, this.seal(tokens));
  }

  /** A usable access token for the link, refreshed when it has expired (the old refresh token is kept if no new one comes). */
  async accessToken(link: InsurerLinkRow): Promise<string> {
    const expiresAt = link.access_expires_at ? new Date(link.access_expires_at).getTime() : null;
    if (expiresAt === null || expiresAt - EXPIRY_MARGIN_MS > Date.now()) return this.cipher.decrypt(link.access_token_enc);
    if (!link.refresh_token_enc) throw new PartnerPermanentError('the access token expired and the insurer gave no refresh token: link again');
    const endpoints = this.endpoints(link.insurer_key as InsurerKey);
    const tokens = await requestToken(endpoints, {
      grant_type: 'refresh_token',
      refresh_token: this.cipher.decrypt(link.refresh_token_enc),
      client_id: endpoints.clientId,
    });
    const sealed = this.seal(tokens);
    await this.repository.updateAccessToken(link.id, sealed.accessTokenEnc, sealed.refreshTokenEnc, sealed.accessExpiresAt);
    link.access_token_enc = sealed.accessTokenEnc;
    link.access_expires_at = sealed.accessExpiresAt;
    if (sealed.refreshTokenEnc) link.refresh_token_enc = sealed.refreshTokenEnc;
    return tokens.accessToken;
  }

  private seal(tokens: TokenSet) {
    return {
      patientId: tokens.patientId,
      accessTokenEnc: this.cipher.encrypt(tokens.accessToken),
      refreshTokenEnc: tokens.refreshToken ? this.cipher.encrypt(tokens.refreshToken) : null,
      accessExpiresAt: tokens.expiresInSeconds ? new Date(Date.now() + tokens.expiresInSeconds * 1000) : null,
      scope: tokens.scope,
    };
  }
}
