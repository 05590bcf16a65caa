import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../../config';

const SEALED = /^v1\.([\w-]{16})\.([\w-]{22})\.([\w-]+)$/;

/**
 * A lead's phone number at rest, as coupon phones are kept (pricing/coupons/phone-vault.ts): AES-256-GCM under a key
 * derived from TOKEN_ENCRYPTION_KEY for this use only, bound to the lead's id as associated data (a sealed value copied
 * to another row does not open), for the minutes between the request and the CRM's receipt.
 */
@Injectable()
export class LeadPhoneVault {
  private readonly sealKey: Buffer;

  constructor(config: ConfigService<AppConfig, true>) {
    const root = config.get('insurers', { infer: true }).tokenEncryptionKey;
    this.sealKey = Buffer.from(hkdfSync('sha256', root, 'healthlink-broker-leads', 'healthlink/broker-lead-phone-seal', 32));
  }

  seal(phone: string, leadId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(`broker_leads.phone_enc:${leadId}`));
    const ciphertext = Buffer.concat([cipher.update(phone, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** The phone, or null when the value is not one this vault sealed for this lead. */
  open(sealed: string, leadId: string): string | null {
    const parts = SEALED.exec(sealed);
    if (!parts) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(parts[1]!, 'base64url'));
      decipher.setAAD(Buffer.from(`broker_leads.phone_enc:${leadId}`));
      decipher.setAuthTag(Buffer.from(parts[2]!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
