import { QUERY_ROW_CAP, QUERY_TIMEOUT_MS, QUERYABLE_TABLES, type QueryCell } from '@healthlink/contracts';
import { Injectable, Logger, OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { performance } from 'node:perf_hooks';
import { Pool, type PoolClient } from 'pg';
import { isDatabaseUnavailableError } from '../../../common/errors';
import type { AppConfig } from '../../../config';
import { queryCellTypes, rowsAsObjects, uniqueColumnNames } from './query-cells';
import { QUERY_ROLE_NAME, queryRolePassword, queryToolUrl, scramVerifier } from './query-role';
import { QueryRoleNotPermittedError, QueryRoleRepository } from './query-role.repository';

export interface StaffQueryResult {
  columns: string[];
  rows: Record<string, QueryCell>[];
  truncated: boolean;
  durationMs: number;
}

/** Why a query did not answer rows: the database stopped or refused it, or the tool cannot run queries now. */
export class StaffQueryRunError extends Error {
  constructor(
    readonly kind: 'timeout' | 'lock' | 'database' | 'unavailable',
    message: string,
    readonly sqlState?: string,
  ) {
    super(message);
    this.name = 'StaffQueryRunError';
  }
}

// Two at most: the product's pool and CI's test workers share the server's connections.
const POOL_SIZE = 2;
const LOCK_TIMEOUT_MS = 2_000;
const IDLE_IN_TRANSACTION_MS = QUERY_TIMEOUT_MS * 2;
const CURSOR = 'staff_query';
const SQLSTATE = /^[0-9A-Z]{5}$/;
const AUTHENTICATION_FAILED = new Set(['28P01', '28000']);

const sqlStateOf = (error: unknown): string | undefined => {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && SQLSTATE.test(code) ? code : undefined;
};

export const QUERY_TOOL_UNAVAILABLE = {
  notPermitted:
    'The query tool is not set up: the database user of the app may not create its read-only role. ' +
    'An operator can set QUERY_TOOL_DATABASE_URL to a read-only login (see the README).',
  unsafeRole: `The query tool is switched off: its database login can do more than read ${QUERYABLE_TABLES.join(', ')}.`,
  loginRefused:
    'The query tool could not log in to the database with its read-only login. If this persists, an operator should check ' +
    'QUERY_TOOL_DATABASE_URL.',
  noConnection: 'The query tool could not get a database connection (it runs two queries at a time). Please try again in a moment.',
} as const;

/**
 * Runs one already-checked SELECT on a separate, small pool whose connections log in as the read-only query role
 * (never the app's own user): READ ONLY transaction, statement, lock and idle timeouts set for it, a cursor fetched
 * QUERY_ROW_CAP + 1 rows deep to tell whether the answer was cut, then ROLLBACK. Before the first query, the role is
 * made (unless QUERY_TOOL_DATABASE_URL names one) and checked: no superuser or other power, no membership, and no
 * privilege on any table beyond SELECT on the three.
 */
@Injectable()
export class StaffQueryRunner implements OnModuleDestroy {
  private readonly logger = new Logger(StaffQueryRunner.name);
  private pool?: Promise<Pool>;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly role: QueryRoleRepository,
  ) {}

  async run(statement: string): Promise<StaffQueryResult> {
    const client = await this.connectLoggedIn();
    let broken = false;
    try {
      await client.query(
        `BEGIN READ ONLY; SET LOCAL statement_timeout = ${QUERY_TIMEOUT_MS}; SET LOCAL lock_timeout = ${LOCK_TIMEOUT_MS}; ` +
          `SET LOCAL idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_MS}`,
      );
      const started = performance.now();
      // A newline ends the statement: a trailing `-- comment` must not swallow anything.
      await client.query(`DECLARE ${CURSOR} NO SCROLL CURSOR FOR\n${statement}\n`);
      const result = await client.query<unknown[]>({ text: `FETCH ${QUERY_ROW_CAP + 1} FROM ${CURSOR}`, rowMode: 'array' });
      const durationMs = Math.round(performance.now() - started);
      const columns = uniqueColumnNames(result.fields.map((field) => field.name));
      const rows = result.rows.slice(0, QUERY_ROW_CAP);
      return { columns, rows: rowsAsObjects(columns, rows), truncated: result.rows.length > QUERY_ROW_CAP, durationMs };
    } catch (error) {
      const sqlState = sqlStateOf(error);
      // No SQLSTATE, or the server ending the session: the connection itself failed (dropped, terminated, client-side
      // timeout); it is not given back to the pool.
      broken = sqlState === undefined || isDatabaseUnavailableError(error);
      if (broken) throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.noConnection);
      throw this.runError(error as Error, sqlState!);
    } finally {
      if (!broken) await client.query('ROLLBACK').catch(() => (broken = true));
      client.release(broken);
    }
  }

  async onModuleDestroy(): Promise<void> {
    await this.reset();
  }

  private runError(error: Error, sqlState: string): StaffQueryRunError {
    if (sqlState === '57014') {
      return new StaffQueryRunError('timeout', `The query took longer than ${QUERY_TIMEOUT_MS / 1000} seconds and was stopped.`, sqlState);
    }
    if (sqlState === '55P03')
      return new StaffQueryRunError('lock', 'The query waited too long for a table lock and was stopped.', sqlState);
    return new StaffQueryRunError('database', error.message, sqlState);
  }

  private async connectLoggedIn(): Promise<PoolClient> {
    try {
      return await this.connect();
    } catch (error) {
      if (!AUTHENTICATION_FAILED.has(sqlStateOf(error) ?? '')) throw error;
    }
    // Another process of the same cluster set the role's password anew (another secret): make it ours again, once.
    await this.reset();
    try {
      return await this.connect();
    } catch (error) {
      if (!AUTHENTICATION_FAILED.has(sqlStateOf(error) ?? '')) throw error;
      this.logger.warn('the query tool login was refused by the database');
      throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.loginRefused);
    }
  }

  private async connect(): Promise<PoolClient> {
    const pool = await this.readyPool();
    try {
      return await pool.connect();
    } catch (error) {
      if (AUTHENTICATION_FAILED.has(sqlStateOf(error) ?? '')) throw error;
      throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.noConnection);
    }
  }

  private readyPool(): Promise<Pool> {
    // A failed set-up is forgotten, so the next query tries again (the database may have been away).
    this.pool ??= this.createPool().catch((error: unknown) => {
      this.pool = undefined;
      throw error;
    });
    return this.pool;
  }

  private async reset(): Promise<void> {
    const pool = this.pool;
    this.pool = undefined;
    await pool?.then((p) => p.end()).catch(() => undefined);
  }

  private async createPool(): Promise<Pool> {
    const database = this.config.get('database', { infer: true });
    let connectionString: string;
    if (database.queryToolUrl) {
      connectionString = queryToolUrl(database.queryToolUrl);
    } else {
      if (!database.url) throw new Error('database.url is not set');
      const password = queryRolePassword(this.config.get('auth', { infer: true }).resetCodeSecret);
      try {
        await this.role.ensure(QUERY_ROLE_NAME, scramVerifier(password));
      } catch (error) {
        if (!(error instanceof QueryRoleNotPermittedError)) throw error;
        this.logger.warn('the query tool is off: the app may not create its role and QUERY_TOOL_DATABASE_URL is not set');
        throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.notPermitted);
      }
      connectionString = queryToolUrl(database.url, { user: QUERY_ROLE_NAME, password });
    }
    const pool = new Pool({
      connectionString,
      max: POOL_SIZE,
      idleTimeoutMillis: 30_000,
      connectionTimeoutMillis: 5_000,
      application_name: 'healthlink-query-tool',
      // Defaults of each session; the transaction sets its own again. The client gives up a little after the server.
      statement_timeout: QUERY_TIMEOUT_MS,
      lock_timeout: LOCK_TIMEOUT_MS,
      idle_in_transaction_session_timeout: IDLE_IN_TRANSACTION_MS,
      query_timeout: QUERY_TIMEOUT_MS + 5_000,
      options: '-c default_transaction_read_only=on -c TimeZone=UTC -c search_path=public',
      types: queryCellTypes,
    });
    // An idle connection that drops must not take the process down.
    pool.on('error', () => undefined);
    try {
      await this.assertReadOnly(pool);
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
    return pool;
  }

  /** The login may read the three tables and nothing else, whoever made it. */
  private async assertReadOnly(pool: Pool): Promise<void> {
    const { rows: roles } = await pool.query<{ unsafe: boolean }>(
      `SELECT (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls
               OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid)) AS unsafe
         FROM pg_roles r WHERE r.rolname = current_user AND session_user = current_user`,
    );
    const { rows: tables } = await pool.query<{ name: string; reads: boolean; writes: boolean }>(
      `SELECT n.nspname || '.' || c.relname AS name,
              has_any_column_privilege(c.oid, 'SELECT') AS reads,
              has_table_privilege(c.oid, 'INSERT, UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER')
                OR has_any_column_privilege(c.oid, 'INSERT, UPDATE, REFERENCES') AS writes
         FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
        WHERE c.relkind IN ('r', 'v', 'm', 'p', 'f')
          AND n.nspname NOT IN ('pg_catalog', 'information_schema') AND n.nspname NOT LIKE 'pg\\_toast%'`,
    );
    const allowed = new Set(QUERYABLE_TABLES.map((table) => `public.${table}`));
    const beyond = tables.filter((t) => t.writes || (t.reads && !allowed.has(t.name))).map((t) => t.name);
    const missing = [...allowed].filter((name) => !tables.some((t) => t.name === name && t.reads));
    if (roles.length !== 1 || roles[0].unsafe || beyond.length > 0) {
      // Table names only: no data, no login.
      this.logger.error(
        { beyond: beyond.slice(0, 20), roleUnsafe: roles[0]?.unsafe ?? true },
        'the query tool login can do more than read',
      );
      throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.unsafeRole);
    }
    if (missing.length > 0) this.logger.warn({ missing }, 'the query tool login cannot read every table it should');
  }
}
