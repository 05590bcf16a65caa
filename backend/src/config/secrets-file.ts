import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface GeneratedSecrets {
  authJwtSecret: string;
  /** Keys reset-code and rate-limit HMACs (apart from the JWT secret). */
  authResetCodeSecret: string;
  embeddedPgPassword: string;
  /** 32 bytes, base64: encrypts insurer tokens at rest. */
  tokenEncryptionKey: string;
}

/**
 * Secrets that are not given are generated once into DATA_DIR/secrets.json (mode 0600) and reused,
 * so tokens and the embedded database survive restarts on a developer machine.
 */
export function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = join(dataDir, 'secrets.json');
  const existing: Partial<GeneratedSecrets> = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
  const secrets: GeneratedSecrets = {
    authJwtSecret: existing.authJwtSecret ?? randomBytes(64).toString('base64url'),
    authResetCodeSecret: existing.authResetCodeSecret ?? randomBytes(64).toString('base64url'),
    embeddedPgPassword: existing.embeddedPgPassword ?? randomBytes(24).toString('base64url'),
    tokenEncryptionKey: existing.tokenEncryptionKey ?? randomBytes(32).toString('base64'),
  };
  const changed = (Object.keys(secrets) as (keyof GeneratedSecrets)[]).some((key) => existing[key] !== secrets[key]);
  if (changed) {
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(file, JSON.stringify(secrets, null, 2) + '\n', { mode: 0o600 });
  }
  chmodSync(file, 0o600);
  return secrets;
}
