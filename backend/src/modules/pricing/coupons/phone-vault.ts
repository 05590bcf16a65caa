import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../../config';

const SEALED = /^v1\.([\w-]{16})\.([\w-]{22})\.([\w-]+)$/;

/**
 * Coupon phone numbers at rest: AES-256-GCM (the key derived from TOKEN_ENCRYPTION_KEY for this use only) bound to the
 * enrollment's id, for the minutes between the request and the coupon service's answer; the id as associated data
 * means a sealed value copied to another row fails. Nothing else of the number is kept but its last four digits (no
 * HMAC: nothing looks enrollments up by number, and a keyed hash of a ten-digit number is one brute force from it).
 */
@Injectable()
export class PhoneVault {
  private readonly sealKey: Buffer;

  constructor(config: ConfigService<AppConfig, true>) {
    const root = config.get('insurers', { infer: true }).tokenEncryptionKey;
    this.sealKey = Buffer.from(hkdfSync('sha256', root, 'healthlink-coupons', 'healthlink/coupon-phone-seal', 32));
  }

  seal(phone: string, enrollmentId: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.sealKey, iv);
    cipher.setAAD(Buffer.from(`coupon_enrollments.phone_enc:${enrollmentId}`));
    const ciphertext = Buffer.concat([cipher.update(phone, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  /** The phone, or null when the value is not one this vault sealed for this enrollment. */
  open(sealed: string, enrollmentId: string): string | null {
    const parts = SEALED.exec(sealed);
    if (!parts) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.sealKey, Buffer.from(parts[1]!, 'base64url'));
      decipher.setAAD(Buffer.from(`coupon_enrollments.phone_enc:${enrollmentId}`));
      decipher.setAuthTag(Buffer.from(parts[2]!, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(parts[3]!, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
