import { RECOVERY_CODE_LENGTH } from '@healthlink/contracts';
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';

// No 0/O or 1/I: the code is read off an e-mail and typed by hand.
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** A code to e-mail (password recovery, a new sign-in e-mail): upper-case letters and digits. */
export function newOneTimeCode(): string {
  return Array.from({ length: RECOVERY_CODE_LENGTH }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

/** Stored codes are HMACs under a derived key (hmac-keys.ts), compared in constant time. */
export class OneTimeCodeHasher {
  constructor(private readonly key: Buffer) {}

  hash(...parts: string[]): string {
    return createHmac('sha256', this.key).update(parts.join(':')).digest('hex');
  }

  matches(storedHash: string, ...parts: string[]): boolean {
    const left = Buffer.from(storedHash, 'hex');
    const right = Buffer.from(this.hash(...parts), 'hex');
    return left.length === right.length && timingSafeEqual(left, right);
  }
}
