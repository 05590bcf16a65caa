import { hkdfSync } from 'node:crypto';

/** What a derived key is for: each purpose gets its own key, so none can stand in for another. */
export type HmacKeyPurpose = 'reset-code' | 'rate-limit-subject' | 'email-change-code';

/** A 256-bit key for one purpose, derived (HKDF-SHA256) from AUTH_RESET_CODE_SECRET, never from the JWT secret. */
export function deriveHmacKey(rootSecret: string, purpose: HmacKeyPurpose): Buffer {
  return Buffer.from(hkdfSync('sha256', rootSecret, 'healthlink-auth', `healthlink/${purpose}`, 32));
}
