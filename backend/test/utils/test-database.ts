import { randomBytes } from 'node:crypto';
import { Client } from 'pg';

export const TEST_DATABASE_URL_ENV = 'HEALTHLINK_TEST_DATABASE_URL';

/** The database this Jest run created in globalSetup (migrated). */
export function testDatabaseUrl(): string {
  const url = process.env[TEST_DATABASE_URL_ENV];
  if (!url) throw new Error(`${TEST_DATABASE_URL_ENV} is not set: run the tests through jest (globalSetup creates it)`);
  return url;
}

export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export function uniqueDatabaseName(prefix: string): string {
  return `${prefix}_${Date.now().toString(36)}_${randomBytes(3).toString('hex')}`;
}

async function withAdmin<T>(serverUrl: string, run: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: withDatabase(serverUrl, 'postgres') });
  await client.connect();
  try {
    return await run(client);
  } finally {
    await client.end();
  }
}

/** A new empty database on the same server as serverUrl; answers its URL. */
export async function createDatabase(serverUrl: string, name: string): Promise<string> {
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
  return withDatabase(serverUrl, name);
}

export async function dropDatabase(serverUrl: string, name: string): Promise<void> {
  await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`));
}
