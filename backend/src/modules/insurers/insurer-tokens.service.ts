import type { InsurerKey } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import type { AppConfig } from '../../config';
import { exchangeAuthorizationCode, refreshTokens, revokeToken, type TokenSet } from './adapters/oauth.client';
import { Clock } from './clock';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import { InsurerLink, InsurersRepository, LinkTokens } from './insurers.repository';
import { TokenCipher } from './token-cipher';

// Refresh a little before the insurer's expiry, so a long paging run does not cross it.
const EXPIRY_MARGIN_MS = 60_000;

/**
 * The insurer refused the link's refresh token (or the link has none left): only the member linking again helps.
 * The link is marked `relink_required` before this is thrown.
 */
export class RefreshRefusedError extends PartnerPermanentError {}

/**
 * A refresh the insurer refused for this grant: a 400 or 401 from the token endpoint (RFC 6749 §5.2: invalid_grant
 * for a revoked, expired or reused refresh token). `invalid_client` is left out on purpose: it says our client
 * credentials are wrong, which the member cannot fix by linking again, and marking it would e-mail every member
 * of that insurer; it stays an operator's error (logged and recorded). 3xx, 5xx and network failures are not
 * refusals either.
 */
function isRefusal(error: unknown): error is PartnerPermanentError {
  return error instanceof PartnerPermanentError && (error.status === 400 || error.status === 401) && error.oauthError !== 'invalid_client';
}

type Locked = { token: string } | { refused: RefreshRefusedError };

/** Insurer tokens: sealed at rest, exchanged and refreshed over OAuth, never sent to the browser. */
@Injectable()
export class InsurerTokensService {
  private readonly logger = new Logger(InsurerTokensService.name);

  constructor(
    private readonly repository: InsurersRepository,
    private readonly cipher: TokenCipher,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly dataSource: DataSource,
    private readonly clock: Clock,
  ) {}

  private endpoints(insurer: InsurerKey) {
    return this.config.get('insurers', { infer: true }).endpoints[insurer];
  }

  private fresh(link: InsurerLink): boolean {
    return link.accessExpiresAt === null || link.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > this.clock.now().getTime();
  }

  private expired(link: InsurerLink): boolean {
    return link.accessExpiresAt !== null && link.accessExpiresAt.getTime() <= this.clock.now().getTime();
  }

  /**
   * Trades an authorization code (with its PKCE verifier) for tokens and stores the link. When the account was deleted
   * while the insurer answered, the deletion could not revoke this grant (it was not stored yet): it is revoked here,
   * best effort, and the exchange fails.
   */
  async exchangeCode(userId: string, insurer: InsurerKey, subset: string | null, code: string, verifier: string): Promise<void> {
    const tokens = await exchangeAuthorizationCode(this.endpoints(insurer), code, verifier);
    if (await this.repository.upsertLink(userId, insurer, subset, this.seal(userId, insurer, tokens))) return;
    await this.revokeUnstored(insurer, tokens);
    throw new PartnerPermanentError('the account was deleted while the insurer answered');
  }

  /** Revokes a grant never stored (refresh token first: at most insurers that ends the grant); failures logged. */
  private async revokeUnstored(insurer: InsurerKey, tokens: TokenSet): Promise<void> {
    const grant: ['refresh_token' | 'access_token', string | null][] = [
      ['refresh_token', tokens.refreshToken],
      ['access_token', tokens.accessToken],
    ];
    for (const [hint, token] of grant) {
      if (!token) continue;
      await revokeToken(this.endpoints(insurer), token, hint).catch((error: unknown) => {
        const status = error instanceof PartnerPermanentError || error instanceof PartnerTransientError ? error.status : null;
        this.logger.warn({ insurer, step: 'REVOKE', tokenType: hint, status }, "a deleted account's new insurer grant was not revoked");
      });
    }
  }

  /**
   * A usable access token for the link, refreshed when it has expired (the old refresh token is kept if no new one
   * comes, a rotated one replaces it). Refresh tokens are single use, so a refresh holds the link's row lock: a
   * second job waiting on it re-reads the link and uses the token the first one obtained instead of spending the old
   * refresh token again. A refused refresh marks the link `relink_required` (committed) and throws
   * RefreshRefusedError; a link already marked is not refreshed again (a token still valid is still used).
   */
  async accessToken(link: InsurerLink): Promise<string> {
    const userId = link.userId;
    const insurer = link.insurer as InsurerKey;
    const open = (sealed: string) => this.cipher.decrypt(sealed, { userId, insurer, column: 'insurer_links.access_token_enc' });
    if (this.fresh(link)) return open(link.accessTokenEnc);
    const outcome = await this.dataSource.transaction(async (manager): Promise<Locked> => {
      const current = await this.repository.lockLink(link.id, manager);
      if (!current) throw new PartnerPermanentError('the insurer is no longer linked');
      // Another job refreshed while this one waited: its token is the one to use (the old refresh token is spent).
      const refreshedMeanwhile = current.accessTokenEnc !== link.accessTokenEnc && !this.expired(current);
      Object.assign(link, current);
      if (refreshedMeanwhile || this.fresh(current)) return { token: open(current.accessTokenEnc) };
      if (current.status === 'relink_required') {
        return { refused: new RefreshRefusedError('the insurer refused this link earlier: the member must link again') };
      }
      if (!current.refreshTokenEnc) {
        await this.repository.markRelinkRequired(link.id, manager);
        link.status = 'relink_required';
        return { refused: new RefreshRefusedError('the access token expired and the insurer gave no refresh token: link again') };
      }
      const refreshToken = this.cipher.decrypt(current.refreshTokenEnc, { userId, insurer, column: 'insurer_links.refresh_token_enc' });
      let tokens: TokenSet;
      try {
        tokens = await refreshTokens(this.endpoints(insurer), refreshToken);
      } catch (error) {
        if (!isRefusal(error)) throw error;
        // Committed with the lock released, so no other job spends the refused token again.
        await this.repository.markRelinkRequired(link.id, manager);
        link.status = 'relink_required';
        return { refused: new RefreshRefusedError(error.message, error.status, error.host) };
      }
      const sealed = this.seal(userId, insurer, tokens);
      await this.repository.updateAccessToken(link.id, sealed.accessTokenEnc, sealed.refreshTokenEnc, sealed.accessExpiresAt, manager);
      link.accessTokenEnc = sealed.accessTokenEnc;
      link.accessExpiresAt = sealed.accessExpiresAt;
      if (sealed.refreshTokenEnc) link.refreshTokenEnc = sealed.refreshTokenEnc;
      return { token: tokens.accessToken };
    });
    if ('refused' in outcome) throw outcome.refused;
    return outcome.token;
  }

  private seal(userId: string, insurer: InsurerKey, tokens: TokenSet): LinkTokens {
    return {
      patientId: tokens.patientId,
      accessTokenEnc: this.cipher.encrypt(tokens.accessToken, { userId, insurer, column: 'insurer_links.access_token_enc' }),
      refreshTokenEnc: tokens.refreshToken
        ? this.cipher.encrypt(tokens.refreshToken, { userId, insurer, column: 'insurer_links.refresh_token_enc' })
        : null,
      accessExpiresAt: tokens.expiresInSeconds ? new Date(this.clock.now().getTime() + tokens.expiresInSeconds * 1000) : null,
      scope: tokens.scope,
    };
  }
}
