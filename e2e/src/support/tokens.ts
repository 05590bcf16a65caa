import { createHmac, randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appUrls } from './browser';

const b64url = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

/**
 * A session token signed with the secret the running app generated into its data folder, for pages
 * whose own sign-in flow is not what the test is about.
 */
export function signTestToken(userId: string = randomUUID(), ttlSeconds = 600): string {
  const secrets = JSON.parse(readFileSync(join(appUrls().dataDir, 'secrets.json'), 'utf8')) as Record<string, string>;
  const secret = secrets.AUTH_JWT_SECRET ?? secrets.authJwtSecret ?? secrets.jwtSecret;
  if (!secret) throw new Error(`no JWT secret in secrets.json (keys: ${Object.keys(secrets).join(', ')})`);
  const now = Math.floor(Date.now() / 1000);
  const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url({ sub: userId, iat: now, exp: now + ttlSeconds })}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}
