import { createHash, createHmac, pbkdf2Sync } from 'node:crypto';
import { queryRolePassword, queryToolUrl, scramVerifier } from './query-role';

describe('query role credentials', () => {
  it('derives one password per secret, the same in every process, unlike the secret itself', () => {
    const secret = 'a-reset-code-secret-of-at-least-32-characters';
    expect(queryRolePassword(secret)).toBe(queryRolePassword(secret));
    expect(queryRolePassword(secret)).not.toBe(queryRolePassword(`${secret}!`));
    expect(queryRolePassword(secret)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(queryRolePassword(secret)).not.toContain(secret.slice(0, 10));
  });

  it('gives PostgreSQL a SCRAM-SHA-256 verifier of the password (RFC 5802), never the password', () => {
    const password = queryRolePassword('another-secret-of-at-least-32-characters!!');
    const verifier = scramVerifier(password);
    expect(verifier).not.toContain(password);
    const match = /^SCRAM-SHA-256\$4096:([^$]+)\$([^:]+):(.+)$/.exec(verifier);
    expect(match).not.toBeNull();
    const [, salt, storedKey, serverKey] = match!;
    const salted = pbkdf2Sync(password, Buffer.from(salt, 'base64'), 4096, 32, 'sha256');
    const clientKey = createHmac('sha256', salted).update('Client Key').digest();
    expect(createHash('sha256').update(clientKey).digest('base64')).toBe(storedKey);
    expect(createHmac('sha256', salted).update('Server Key').digest('base64')).toBe(serverKey);
    expect(scramVerifier(password)).toBe(verifier);
  });

  it("keeps DATABASE_URL's server, database and TLS settings, with the role's login and without session settings", () => {
    const url = queryToolUrl('postgresql://app:app-secret@db.internal:6543/healthlink?sslmode=require&options=-c%20statement_timeout%3D0', {
      user: 'healthlink_query_reader',
      password: 'p+ss/word',
    });
    const parsed = new URL(url);
    expect([parsed.username, decodeURIComponent(parsed.password), parsed.host, parsed.pathname]).toEqual([
      'healthlink_query_reader',
      'p+ss/word',
      'db.internal:6543',
      '/healthlink',
    ]);
    expect(parsed.searchParams.get('sslmode')).toBe('require');
    expect(parsed.searchParams.has('options')).toBe(false);
    expect(url).not.toContain('app-secret');
  });

  it("keeps an operator's own URL as given, less the session settings", () => {
    expect(queryToolUrl('postgres://reader:pw@h/db?statement_timeout=0')).toBe('postgres://reader:pw@h/db');
  });
});
