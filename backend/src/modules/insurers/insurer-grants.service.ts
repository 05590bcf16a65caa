import { INSURER_NAMES, isInsurerKey } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { ErrorRecorder } from '../../common/errors';
import { InsurerGrants } from '../../common/ports';
import type { AppConfig } from '../../config';
import { revokeToken } from './adapters/oauth.client';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import { InsurersRepository } from './insurers.repository';
import { TokenCipher } from './token-cipher';

/**
 * Ends every insurer grant of a user: the refresh and access token are revoked at the insurer (RFC 7009, where it
 * offers revocation), then the links, OAuth states and add-insurer requests are deleted. Revocation is best
 * effort: a failure is logged and recorded (without the user or a token) and never blocks the deletion.
 */
@Injectable()
export class InsurerGrantsService extends InsurerGrants {
  private readonly logger = new Logger(InsurerGrantsService.name);

  constructor(
    private readonly repository: InsurersRepository,
    private readonly cipher: TokenCipher,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly errors: ErrorRecorder,
  ) {
    super();
  }

  async revokeAll(userId: string): Promise<void> {
    for (const link of await this.repository.linksOf(userId)) {
      if (!isInsurerKey(link.insurer)) continue;
      const insurer = link.insurer;
      const endpoints = this.config.get('insurers', { infer: true }).endpoints[insurer];
      if (!endpoints.revocationUrl) continue;
      // The refresh token first: at most insurers, revoking it ends the whole grant.
      const tokens: ['refresh_token' | 'access_token', string | null][] = [
        ['refresh_token', link.refreshTokenEnc],
        ['access_token', link.accessTokenEnc],
      ];
      for (const [hint, sealed] of tokens) {
        if (!sealed) continue;
        try {
          const column = hint === 'refresh_token' ? 'insurer_links.refresh_token_enc' : 'insurer_links.access_token_enc';
          await revokeToken(endpoints, this.cipher.decrypt(sealed, { userId, insurer, column }), hint);
        } catch (error) {
          const status = error instanceof PartnerPermanentError || error instanceof PartnerTransientError ? error.status : null;
          const host = new URL(endpoints.revocationUrl).host;
          const message = error instanceof Error ? error.message : String(error);
          this.logger.warn({ insurer, step: 'REVOKE', tokenType: hint, status, host, message }, 'insurer token revocation failed');
          // No user id here: the row outlives the account it was about.
          const errorDetails = { step: 'REVOKE', tokenType: hint, status, message };
          await this.errors
            .record({ errorType: 'INSURER_REVOKE_FAILED', insurerName: INSURER_NAMES[insurer], host, errorDetails })
            .catch(() => undefined);
        }
      }
    }
    await this.repository.deleteUserData(userId);
  }
}
