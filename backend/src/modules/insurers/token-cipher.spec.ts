import type { ConfigService } from '@nestjs/config';
import { createCipheriv, randomBytes } from 'node:crypto';
import type { AppConfig } from '../../config';
import { SealContext, TokenCipher } from './token-cipher';

const cipherWith = (key: Buffer) =>
  new TokenCipher({ get: () => ({ tokenEncryptionKey: key }) } as unknown as ConfigService<AppConfig, true>);

const here: SealContext = {
  userId: '7d4a3f4e-8a51-4f55-9a39-7b1b5e0f0c11',
  insurer: 'blueButton',
  column: 'insurer_links.access_token_enc',
};

describe('TokenCipher (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('round-trips, and never produces the same ciphertext twice', () => {
    const cipher = cipherWith(key);
    const a = cipher.encrypt('access-token-value', here);
    const b = cipher.encrypt('access-token-value', here);
    expect(a).not.toBe(b);
    expect(a).not.toContain('access-token-value');
    expect(cipher.decrypt(a, here)).toBe('access-token-value');
  });

  it('seals as v2.<kid>.<iv>.<tag>.<ciphertext>, the key id the same for one key and different for another', () => {
    const a = cipherWith(key).encrypt('x', here).split('.');
    expect(a).toHaveLength(5);
    expect(a[0]).toBe('v2');
    expect(cipherWith(key).encrypt('y', here).split('.')[1]).toBe(a[1]);
    expect(cipherWith(randomBytes(32)).encrypt('x', here).split('.')[1]).not.toBe(a[1]);
  });

  it('does not open a ciphertext copied to another user, insurer or column', () => {
    const cipher = cipherWith(key);
    const sealed = cipher.encrypt('access-token-value', here);
    expect(() => cipher.decrypt(sealed, { ...here, userId: '0b0d1a52-51c4-4e8a-9a59-0d0a6a1bbf4e' })).toThrow('does not open here');
    expect(() => cipher.decrypt(sealed, { ...here, insurer: 'cigna' })).toThrow('does not open here');
    expect(() => cipher.decrypt(sealed, { ...here, column: 'insurer_links.refresh_token_enc' })).toThrow('does not open here');
  });

  it('refuses tampered ciphertext and a different key', () => {
    const sealed = cipherWith(key).encrypt('secret', here);
    const parts = sealed.split('.');
    const flipped = Buffer.from(parts[4], 'base64url');
    flipped[0] ^= 1;
    expect(() => cipherWith(key).decrypt([...parts.slice(0, 4), flipped.toString('base64url')].join('.'), here)).toThrow();
    expect(() => cipherWith(randomBytes(32)).decrypt(sealed, here)).toThrow('another key');
  });

  it('refuses the unbound v1 format of earlier builds, even under the right key', () => {
    const iv = randomBytes(12);
    const c = createCipheriv('aes-256-gcm', key, iv);
    const data = Buffer.concat([c.update('old-token', 'utf8'), c.final()]);
    const v1 = ['v1', iv.toString('base64url'), c.getAuthTag().toString('base64url'), data.toString('base64url')].join('.');
    expect(() => cipherWith(key).decrypt(v1, here)).toThrow('old or unknown format');
  });

  it('needs a 32-byte key', () => {
    expect(() => cipherWith(randomBytes(16))).toThrow('32 bytes');
  });
});
