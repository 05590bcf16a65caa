import { INSURER_NAMES, isInsurerKey, type InsurerKey } from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DataSource } from 'typeorm';
import { ErrorRecorder } from '../../common/errors';
import { InsurerGrants } from '../../common/ports';
import type { AppConfig } from '../../config';
import { HealthDataService } from '../health-data';
import { revokeToken } from './adapters/oauth.client';
import { isDiscoveryError, SmartDiscovery, type ResolvedEndpoints } from './adapters/smart-discovery';
import { PartnerPermanentError, PartnerTransientError } from './insurers.errors';
import { InsurerLink, InsurersRepository } from './insurers.repository';
import { TokenCipher } from './token-cipher';

/** How ending a grant at the insurer went: done, not offered by the insurer, or failed (logged and recorded). */
export type RevocationOutcome = 'revoked' | 'unsupported' | 'failed';

/**
 * Ends insurer grants: the refresh and access token are revoked at the insurer (RFC 7009, where it offers
 * revocation), then our copy is deleted: every link of a deleted account, or one link and that insurer's data
 * on unlink. Revocation is best effort: a failure is logged and recorded (without a token) and never blocks
 * the deletion.
 */
@Injectable()
export class InsurerGrantsService extends InsurerGrants {
  private readonly logger = new Logger(InsurerGrantsService.name);

  constructor(
    private readonly repository: InsurersRepository,
    private readonly cipher: TokenCipher,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly errors: ErrorRecorder,
    private readonly discovery: SmartDiscovery,
    private readonly healthData: HealthDataService,
    private readonly dataSource: DataSource,
  ) {
    super();
  }

  async revokeAll(userId: string): Promise<void> {
    for (const link of await this.repository.linksOf(userId)) {
      // No user id in the errors row: it outlives the account it was about.
      if (isInsurerKey(link.insurer)) await this.revoke(link, link.insurer, null);
    }
    await this.repository.deleteUserData(userId);
  }

  /**
   * Unlinks one insurer: the grant is revoked at the insurer, then the link and everything that insurer sent
   * for this user are deleted in one transaction. null when the user has no link to it.
   */
  async unlink(userId: string, insurer: InsurerKey): Promise<RevocationOutcome | null> {
    const link = await this.repository.findLink(userId, insurer);
    if (!link) return null;
    const outcome = await this.revoke(link, insurer, userId);
    const deleted = await this.dataSource.transaction(async (manager) => {
      const found = await this.repository.deleteLink(userId, insurer, manager);
      await this.healthData.eraseInsurerData(userId, insurer, manager);
      return found;
    });
    // Unlinked meanwhile by another request: that one answered the member.
    return deleted ? outcome : null;
  }

  private async revoke(link: InsurerLink, insurer: InsurerKey, recordUserId: string | null): Promise<RevocationOutcome> {
    const configured = this.config.get('insurers', { infer: true }).endpoints[insurer];
    let endpoints: ResolvedEndpoints;
    try {
      endpoints = await this.discovery.resolve(configured);
    } catch (error) {
      // The discovery adapter logged the operator's line; the errors row says which step failed.
      if (!isDiscoveryError(error)) throw error;
      await this.record(insurer, recordUserId, error.host, { step: 'REVOKE', status: error.status, message: error.message });
      return 'failed';
    }
    if (!endpoints.revocationUrl) return 'unsupported';
    const host = new URL(endpoints.revocationUrl).host;
    let outcome: RevocationOutcome = 'revoked';
    // The refresh token first: at most insurers, revoking it ends the whole grant.
    const tokens: ['refresh_token' | 'access_token', string | null][] = [
      ['refresh_token', link.refreshTokenEnc],
      ['access_token', link.accessTokenEnc],
    ];
    for (const [hint, sealed] of tokens) {
      if (!sealed) continue;
      try {
        const column = hint === 'refresh_token' ? 'insurer_links.refresh_token_enc' : 'insurer_links.access_token_enc';
        await revokeToken(endpoints, this.cipher.decrypt(sealed, { userId: link.userId, insurer, column }), hint, this.discovery);
      } catch (error) {
        outcome = 'failed';
        const status = error instanceof PartnerPermanentError || error instanceof PartnerTransientError ? error.status : null;
        const message = error instanceof Error ? error.message : String(error);
        this.logger.warn({ insurer, step: 'REVOKE', tokenType: hint, status, host, message }, 'insurer token revocation failed');
        await this.record(insurer, recordUserId, host, { step: 'REVOKE', tokenType: hint, status, message });
      }
    }
    return outcome;
  }

  private async record(insurer: InsurerKey, userId: string | null, host: string | null, errorDetails: Record<string, unknown>) {
    await this.errors
      .record({ errorType: 'INSURER_REVOKE_FAILED', userId, insurerName: INSURER_NAMES[insurer], host, errorDetails })
      .catch(() => undefined);
  }
}
