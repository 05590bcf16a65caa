import type { ConfigService } from '@nestjs/config';
import { randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import { TokenCipher } from './token-cipher';

const cipherWith = (key: Buffer) => new TokenCipher({ get: () => ({ tokenEncryptionKey: key }) } as unknown as ConfigService<AppConfig, true>);

describe('TokenCipher (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips, and never produces the same ciphertext twice', () => {
    const cipher = cipherWith(key);
    const a = cipher.encrypt('access-token-value');
    const b = cipher.encrypt('access-token-value');
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-token-value');
    expect(cipher.decrypt(a)).toBe('access-token-value');
  });

  it('refuses tampered ciphertext and a different key', () => {
    const sealed = cipherWith(key).encrypt('secret');
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[3], 'base64url');
    flipped[0] ^= 1;
    expect(() => cipherWith(key).decrypt([...parts.slice(0, 3), flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => cipherWith(randomBytes(32)).decrypt(sealed)).toThrow();
  });

  it('needs a 32-byte key', () => {
    expect(() => cipherWith(randomBytes(16))).toThrow('32 bytes');
  });
});
