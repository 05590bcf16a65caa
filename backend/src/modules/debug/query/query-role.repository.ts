import { QUERY_TIMEOUT_MS, QUERYABLE_TABLES } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataSource } from 'typeorm';

/** The app's own database user may not create or change the query role (no CREATEROLE, or the role is not its own). */
export class QueryRoleNotPermittedError extends Error {
  constructor() {
    super('the database user of the app may not create or change the query role');
    this.name = 'QueryRoleNotPermittedError';
  }
}

// Defaults of every session of the role, whatever client opens it: the runner sets them again per transaction.
const ROLE_SETTINGS: [string, string][] = [
  ['default_transaction_read_only', 'on'],
  ['standard_conforming_strings', 'on'],
  ['statement_timeout', String(QUERY_TIMEOUT_MS)],
  ['lock_timeout', '2000'],
  ['idle_in_transaction_session_timeout', '10000'],
  ['search_path', 'public'],
];
// Parallel processes (test workers, API replicas) altering the same role or table ACL at once: "tuple concurrently
// updated" (XX000), a duplicate row of the role's settings (23505), a serialization failure or a deadlock. Each step is
// idempotent, so it is tried again.
const CONCURRENT_UPDATE = new Set(['XX000', '23505', '40001', '40P01']);
const INSUFFICIENT_PRIVILEGE = '42501';
const ALREADY_EXISTS = new Set(['42710', '23505']);
const ATTEMPTS = 8;

const codeOf = (error: unknown): string | undefined =>
  (error as { code?: string; driverError?: { code?: string } }).driverError?.code ?? (error as { code?: string }).code;

/**
 * Creates the query tool's login role when missing (tolerating another process creating it at the same moment), gives
 * it its password and session defaults, and grants it, in this database, USAGE on the schema and SELECT on the three
 * tables, nothing else. Runs as the app's database user, which needs CREATEROLE (or to be a superuser).
 */
@Injectable()
export class QueryRoleRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** `verifier`: the SCRAM-SHA-256 verifier of the role's password (scramVerifier), never the password itself. */
  async ensure(role: string, verifier: string): Promise<void> {
    // Both go into utility statements, which take no parameters: only these characters, never a quote.
    if (!/^[a-z_][a-z0-9_]*$/.test(role) || !/^SCRAM-SHA-256\$\d+:[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+:[A-Za-z0-9+/=]+$/.test(verifier)) {
      throw new Error('unexpected query role name or password verifier');
    }
    for (let attempt = 1; ; attempt++) {
      try {
        await this.ensureOnce(role, verifier);
        return;
      } catch (error) {
        const code = codeOf(error);
        if (code === INSUFFICIENT_PRIVILEGE) throw new QueryRoleNotPermittedError();
        if (!code || !CONCURRENT_UPDATE.has(code) || attempt >= ATTEMPTS) throw error;
        await sleep(50 * attempt + Math.floor(Math.random() * 50));
      }
    }
  }

  private async ensureOnce(role: string, verifier: string): Promise<void> {
    const run = (sql: string, parameters?: unknown[]) => this.dataSource.query(sql, parameters);
    const [existing] = await run('SELECT 1 FROM pg_roles WHERE rolname = $1', [role]);
    if (!existing) {
      await run(
        `CREATE ROLE ${role} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOINHERIT NOREPLICATION NOBYPASSRLS CONNECTION LIMIT 20 PASSWORD '${verifier}'`,
      ).catch((error: unknown) => {
        if (!ALREADY_EXISTS.has(codeOf(error) ?? '')) throw error;
      });
    }
    // SUPERUSER, REPLICATION and BYPASSRLS are left out: naming them at all needs a superuser. The runner refuses a
    // role that has any of them.
    await run(`ALTER ROLE ${role} WITH LOGIN NOCREATEDB NOCREATEROLE NOINHERIT CONNECTION LIMIT 20 PASSWORD '${verifier}'`);
    for (const [name, value] of ROLE_SETTINGS) await run(`ALTER ROLE ${role} SET ${name} = '${value}'`);

    const [granted] = await run(
      `SELECT has_database_privilege($1, current_database(), 'CONNECT') AS connect, has_schema_privilege($1, 'public', 'USAGE') AS usage`,
      [role],
    );
    if (!granted.connect) {
      const [{ grant }] = await run(`SELECT format('GRANT CONNECT ON DATABASE %I TO %I', current_database(), $1::text) AS grant`, [role]);
      await run(grant);
    }
    if (!granted.usage) await run(`GRANT USAGE ON SCHEMA public TO ${role}`);
    for (const table of QUERYABLE_TABLES) {
      const [{ can }] = await run(`SELECT has_table_privilege($1, $2, 'SELECT') AS can`, [role, `public.${table}`]);
      if (!can) await run(`GRANT SELECT ON public.${table} TO ${role}`);
    }
  }
}
