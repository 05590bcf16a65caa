import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';

const VERSION = 'v2';

/** Where a sealed value lives: it opens only there (another user's row, insurer or column fails). */
export interface SealContext {
  userId: string;
  insurer: string;
  /** `table.column` (or the job payload field) holding the value. */
  column: SealedColumn;
}
export type SealedColumn =
  | 'insurer_links.access_token_enc'
  | 'insurer_links.refresh_token_enc'
  | 'oauth_states.code_verifier_enc'
  | 'insurer-token-exchange.auth_code_enc';

/** Values sealed in the current format start with this (the repository tells usable links by it). */
export const SEALED_PREFIX = `${VERSION}.`;

export class SealedValueError extends Error {
  override readonly name = 'SealedValueError';
}

/**
 * AES-256-GCM for insurer tokens, PKCE verifiers and auth codes at rest: `v2.<kid>.<iv>.<tag>.<ciphertext>`,
 * base64url. The associated data binds the value to its user, insurer and column (and to version and key id),
 * so a ciphertext copied to another row or column fails to open. `kid` names the key (a hash of it) so a
 * rotated key can be told apart. The unbound `v1` format of earlier builds is refused, not read: accepting it
 * would keep the copy attack open for every old value; a link holding one reads as not linked and is linked
 * again (dev databases only ever held sandbox tokens).
 */
@Injectable()
export class TokenCipher {
  private readonly key: Buffer;
  private readonly kid: string;

  constructor(config: ConfigService<AppConfig, true>) {
    this.key = config.get('insurers', { infer: true }).tokenEncryptionKey;
    if (this.key.length !== 32) throw new Error('The token encryption key must be 32 bytes');
    this.kid = createHash('sha256').update('healthlink token-cipher kid\0').update(this.key).digest().subarray(0, 6).toString('base64url');
  }

  encrypt(plain: string, context: SealContext): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(this.aad(this.kid, context));
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return [VERSION, this.kid, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
  }

  decrypt(sealed: string, context: SealContext): string {
    const [version, kid, iv, tag, data, extra] = sealed.split('.');
    if (version !== VERSION || !kid || !iv || !tag || data === undefined || extra !== undefined) {
      throw new SealedValueError('Unreadable sealed value (an old or unknown format)');
    }
    if (kid !== this.kid) throw new SealedValueError('Sealed with another key');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(this.aad(kid, context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      throw new SealedValueError('Sealed value does not open here (tampered, or copied from another row or column)');
    }
  }

  private aad(kid: string, context: SealContext): Buffer {
    return Buffer.from(JSON.stringify([VERSION, kid, context.userId, context.insurer, context.column]), 'utf8');
  }
}
