import type { InsurerKey } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config';
import { exchangeAuthorizationCode, refreshTokens, type TokenSet } from './adapters/oauth.client';
import { PartnerPermanentError } from './insurers.errors';
import { InsurerLink, InsurersRepository, LinkTokens } from './insurers.repository';
import { TokenCipher } from './token-cipher';

// Refresh a little before the insurer's expiry, so a long paging run does not cross it.
const EXPIRY_MARGIN_MS = 60_000;

const fresh = (link: InsurerLink): boolean =>
  link.accessExpiresAt === null || link.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();

const expired = (link: InsurerLink): boolean => link.accessExpiresAt !== null && link.accessExpiresAt.getTime() <= Date.now();

/** Insurer tokens: sealed at rest, exchanged and refreshed over OAuth, never sent to the browser. */
@Injectable()
export class InsurerTokensService {
  constructor(
    private readonly repository: InsurersRepository,
    private readonly cipher: TokenCipher,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
  ) {}

  private endpoints(insurer: InsurerKey) {
    return this.config.get('insurers', { infer: true }).endpoints[insurer];
  }

  /** Trades an authorization code (with its PKCE verifier) for tokens and stores the link. */
  async exchangeCode(userId: string, insurer: InsurerKey, subset: string | null, code: string, verifier: string): Promise<void> {
    const tokens = await exchangeAuthorizationCode(this.endpoints(insurer), code, verifier);
    await this.repository.upsertLink(userId, insurer, subset, this.seal(userId, insurer, tokens));
  }

  /**
   * A usable access token for the link, refreshed when it has expired (the old refresh token is kept if no new one
   * comes). Refresh tokens are single use, so a refresh holds the link's row lock: a second job waiting on it
   * re-reads the link and uses the token the first one obtained instead of spending the old refresh token again.
   */
  async accessToken(link: InsurerLink): Promise<string> {
    const userId = link.userId;
    const insurer = link.insurer as InsurerKey;
    if (fresh(link)) return this.cipher.decrypt(link.accessTokenEnc, { userId, insurer, column: 'insurer_links.access_token_enc' });
    return this.dataSource.transaction(async (manager) => {
      const current = await this.repository.lockLink(link.id, manager);
      if (!current) throw new PartnerPermanentError('the insurer is no longer linked');
      // Another job refreshed while this one waited: its token is the one to use (the old refresh token is spent).
      const refreshedMeanwhile = current.accessTokenEnc !== link.accessTokenEnc && !expired(current);
      Object.assign(link, current);
      if (refreshedMeanwhile || fresh(current)) {
        return this.cipher.decrypt(current.accessTokenEnc, { userId, insurer, column: 'insurer_links.access_token_enc' });
      }
      if (!current.refreshTokenEnc) {
        throw new PartnerPermanentError('the access token expired and the insurer gave no refresh token: link again');
      }
      const refreshToken = this.cipher.decrypt(current.refreshTokenEnc, { userId, insurer, column: 'insurer_links.refresh_token_enc' });
      const tokens = await refreshTokens(this.endpoints(insurer), refreshToken);
      const sealed = this.seal(userId, insurer, tokens);
      await this.repository.updateAccessToken(link.id, sealed.accessTokenEnc, sealed.refreshTokenEnc, sealed.accessExpiresAt, manager);
      link.accessTokenEnc = sealed.accessTokenEnc;
      link.accessExpiresAt = sealed.accessExpiresAt;
      if (sealed.refreshTokenEnc) link.refreshTokenEnc = sealed.refreshTokenEnc;
      return tokens.accessToken;
    });
  }

  private seal(userId: string, insurer: InsurerKey, tokens: TokenSet): LinkTokens {
    return {
      patientId: tokens.patientId,
      accessTokenEnc: this.cipher.encrypt(tokens.accessToken, { userId, insurer, column: 'insurer_links.access_token_enc' }),
      refreshTokenEnc: tokens.refreshToken
        ? this.cipher.encrypt(tokens.refreshToken, { userId, insurer, column: 'insurer_links.refresh_token_enc' })
        : null,
      accessExpiresAt: tokens.expiresInSeconds ? new Date(Date.now() + tokens.expiresInSeconds * 1000) : null,
      scope: tokens.scope,
    };
  }
}
