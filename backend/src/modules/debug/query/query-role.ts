import { createHash, createHmac, hkdfSync, pbkdf2Sync } from 'node:crypto';

/** The PostgreSQL role the query tool logs in as when QUERY_TOOL_DATABASE_URL is not set. */
export const QUERY_ROLE_NAME = 'healthlink_query_reader';

/** Its password: derived (HKDF-SHA256) from AUTH_RESET_CODE_SECRET, so every process of one deployment agrees on it. */
export function queryRolePassword(rootSecret: string): string {
  return Buffer.from(hkdfSync('sha256', rootSecret, 'healthlink-query-tool', 'healthlink/query-tool-role', 32)).toString('base64url');
}

/**
 * The SCRAM-SHA-256 verifier PostgreSQL stores for `password` (RFC 5802, RFC 7677), salt derived from the password:
 * CREATE/ALTER ROLE are given this, so the password itself never travels in SQL text (nor into a server's statement log).
 */
export function scramVerifier(password: string, iterations = 4096): string {
  const salt = createHash('sha256').update(`healthlink-query-tool-salt:${password}`).digest().subarray(0, 16);
  const salted = pbkdf2Sync(password, salt, iterations, 32, 'sha256');
  const clientKey = createHmac('sha256', salted).update('Client Key').digest();
  const storedKey = createHash('sha256').update(clientKey).digest();
  const serverKey = createHmac('sha256', salted).update('Server Key').digest();
  return `SCRAM-SHA-256$${iterations}:${salt.toString('base64')}$${storedKey.toString('base64')}:${serverKey.toString('base64')}`;
}

// Settings a connection string may carry that would loosen the runner's own (it sets them per transaction as well).
const SESSION_PARAMETERS = ['options', 'statement_timeout', 'lock_timeout', 'idle_in_transaction_session_timeout', 'query_timeout'];

/** DATABASE_URL's server and database with the query role's login, or the operator's URL as given, without session settings. */
export function queryToolUrl(base: string, login?: { user: string; password: string }): string {
  const url = new URL(base);
  if (login) {
    url.username = login.user;
    url.password = login.password;
  }
  for (const key of SESSION_PARAMETERS) url.searchParams.delete(key);
  return url.toString();
}
