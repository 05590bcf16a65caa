import {
  QUERY_BYTE_BUDGET,
  QUERY_ROW_CAP,
  QUERY_ROW_MAX_BYTES,
  QUERY_TIMEOUT_MS,
  QUERYABLE_TABLES,
  type QueryCell,
} from '@healthlink/contracts';
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
    readonly kind: 'timeout' | 'lock' | 'database' | 'tooLarge' | 'unavailable',
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
// QUERY_ROW_MAX_BYTES and QUERY_BYTE_BUDGET are measured by PostgreSQL (each row as JSON, with its column names):
// what Node holds and sends for one query stays near the budget.
// The first FETCH is small: PostgreSQL computes a whole batch (even the rows it then empties) before Node can stop.
const FIRST_BATCH = 50;
const LARGEST_BATCH = 1_000;
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
  setUpFailed:
    'The query tool could not prepare its read-only database login. Please try again in a moment; if this persists, an operator ' +
    'should check QUERY_TOOL_DATABASE_URL (see the README).',
} as const;

export const ROW_TOO_LARGE_MESSAGE =
  `A row of the answer is larger than the limit of ${QUERY_ROW_MAX_BYTES / 1_000_000} MB and was not sent: ` +
  'select fewer or shorter columns (for example left(column, 1000)).';

// Extended protocol (Parse/Bind/Execute): the server refuses more than one command in the text, whatever its parser
// makes of quotes, so a text the gate read as one SELECT cannot become two statements here.
const extended = <T extends object>(query: T): T => ({ ...query, queryMode: 'extended' });

const quoteIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;

/**
 * The cursor over the staff statement, built so that no value over the limits leaves PostgreSQL: each row comes with its
 * size (the row as JSON, counted by the server, corrected for the real column names) and the running total; a row over
 * QUERY_ROW_MAX_BYTES, or any row once the total passes QUERY_BYTE_BUDGET, has its cells replaced by NULL before they are
 * sent. The statement's columns are renamed c1..cn by position, so anonymous (`SELECT 1, 2`) and repeated names work.
 * OFFSET 0 keeps PostgreSQL from merging the layers (the statement's expressions would be computed twice), and the
 * running sum (ROWS UNBOUNDED PRECEDING, no ORDER BY) keeps the statement's order without holding its rows.
 */
export function sizedCursorSql(statement: string, columnNames: string[]): string {
  const aliases = columnNames.map((_, index) => `c${index + 1}`);
  const byteLength = (text: string): number => Buffer.byteLength(text, 'utf8');
  const keyBytes = columnNames.reduce((sum, name, index) => sum + byteLength(JSON.stringify(name)) - byteLength(`"${aliases[index]}"`), 0);
  const sent = `t.size <= ${QUERY_ROW_MAX_BYTES} AND t.total <= ${QUERY_BYTE_BUDGET}`;
  const cells = aliases.map((alias) => `, CASE WHEN ${sent} THEN t.${alias} END`).join('');
  const renamed = aliases.length > 0 ? `q(${aliases.map(quoteIdentifier).join(', ')})` : 'q';
  return (
    `DECLARE ${CURSOR} NO SCROLL CURSOR FOR SELECT t.size, t.total${cells}\n` +
    `FROM (SELECT r.*, sum(r.size) OVER (ROWS UNBOUNDED PRECEDING) AS total\n` +
    `FROM (SELECT q.*, octet_length(to_json(q)::text) + ${keyBytes} AS size\n` +
    // A newline ends the statement: a trailing `-- comment` must not swallow the closing parenthesis.
    `FROM (SELECT * FROM (\n${statement}\n) AS s OFFSET 0) AS ${renamed} OFFSET 0) AS r) AS t`
  );
}

/**
 * Runs one already-checked SELECT on a separate, small pool whose connections log in as the read-only query role
 * (never the app's own user): READ ONLY transaction, statement, lock and idle timeouts set for it, a cursor whose rows
 * carry their size (sizedCursorSql) fetched in batches up to QUERY_ROW_CAP + 1 rows or QUERY_BYTE_BUDGET, then
 * ROLLBACK. The role is made when the pool is (unless QUERY_TOOL_DATABASE_URL names one), and every new connection is
 * checked before its first query: no superuser or other power, no membership, no privilege on any table beyond SELECT on
 * the three. Production should not let the app make the role (its user would need CREATEROLE, which on PostgreSQL 15 and
 * older can grant itself pg_read_server_files): an operator creates the login and sets QUERY_TOOL_DATABASE_URL. Never
 * `SET ROLE` from the app's own connection instead: on a superuser session, `set_config('role', ...)` would get out.
 */
@Injectable()
export class StaffQueryRunner implements OnModuleDestroy {
  private readonly logger = new Logger(StaffQueryRunner.name);
  private pool?: Promise<Pool>;
  /** Connections whose login passed assertReadOnly; a pool made again after a reset starts with none. */
  private readonly checked = new WeakSet<PoolClient>();

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
      // The statement's columns (names and count) without running it: no row is produced under LIMIT 0.
      const shape = await client.query<unknown[]>(extended({ text: `SELECT * FROM (\n${statement}\n) AS q LIMIT 0`, rowMode: 'array' }));
      const columns = uniqueColumnNames(shape.fields.map((field) => field.name));
      await client.query(extended({ text: sizedCursorSql(statement, columns) }));
      const { rows, truncated } = await this.fetchWithinBudget(client, started);
      const durationMs = Math.round(performance.now() - started);
      return { columns, rows: rowsAsObjects(columns, rows), truncated, durationMs };
    } catch (error) {
      if (error instanceof StaffQueryRunError) throw error;
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

  /**
   * FETCHes in batches until the end, QUERY_ROW_CAP + 1 rows, or the byte budget: Node never holds more than the answer
   * plus one batch of emptied rows. Each FETCH gets what is left of the 5 seconds (statement_timeout counts per statement).
   */
  private async fetchWithinBudget(client: PoolClient, started: number): Promise<{ rows: unknown[][]; truncated: boolean }> {
    const rows: unknown[][] = [];
    for (let batchSize = FIRST_BATCH; ; batchSize = Math.min(batchSize * 4, LARGEST_BATCH)) {
      const left = Math.ceil(QUERY_TIMEOUT_MS - (performance.now() - started));
      if (left <= 0) throw this.runError(new Error('statement timeout'), '57014');
      await client.query(extended({ text: `SELECT set_config('statement_timeout', $1, true)`, values: [String(left)] }));
      const wanted = Math.min(batchSize, QUERY_ROW_CAP + 1 - rows.length);
      const batch = await client.query<unknown[]>(extended({ text: `FETCH ${wanted} FROM ${CURSOR}`, rowMode: 'array' }));
      for (const row of batch.rows) {
        if (rows.length === QUERY_ROW_CAP) return { rows, truncated: true };
        // The rows before this one fit in the budget (else the loop had stopped): a row too large for any answer is a
        // refusal that says so; a row that only overflows the budget ends the answer.
        if (Number(row[0]) > QUERY_ROW_MAX_BYTES) throw new StaffQueryRunError('tooLarge', ROW_TOO_LARGE_MESSAGE);
        if (Number(row[1]) > QUERY_BYTE_BUDGET) return { rows, truncated: true };
        rows.push(row.slice(2));
      }
      if (batch.rows.length < wanted) return { rows, truncated: false };
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
    let client: PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      if (AUTHENTICATION_FAILED.has(sqlStateOf(error) ?? '')) throw error;
      throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.noConnection);
    }
    if (this.checked.has(client)) return client;
    // Each new connection, so a grant made after the pool was (or a reset that makes a new pool) is seen.
    try {
      await this.assertReadOnly(client);
    } catch (error) {
      client.release(true);
      if (!(error instanceof StaffQueryRunError)) throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.noConnection);
      void this.reset(); // every connection of the pool is checked again, not only this one
      throw error;
    }
    this.checked.add(client);
    return client;
  }

  private readyPool(): Promise<Pool> {
    // A failed set-up is forgotten, so the next query tries again (the database may have been away).
    this.pool ??= this.createPool().catch((error: unknown) => {
      this.pool = undefined;
      if (error instanceof StaffQueryRunError) throw error;
      // The role could not be ensured (gave up on concurrent updates, the database away) or no URL to log in with: the
      // tool is unavailable, not broken. Name and SQLSTATE only: a message may quote the role's SQL.
      this.logger.warn({ error: (error as Error)?.name, sqlState: sqlStateOf(error) }, 'the query tool could not set up its pool');
      throw new StaffQueryRunError('unavailable', QUERY_TOOL_UNAVAILABLE.setUpFailed);
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
      // standard_conforming_strings: the server reads quotes and backslashes as the gate's parser (libpg-query) does.
      options: '-c default_transaction_read_only=on -c standard_conforming_strings=on -c TimeZone=UTC -c search_path=public',
      types: queryCellTypes,
    });
    // An idle connection that drops must not take the process down.
    pool.on('error', () => undefined);
    return pool;
  }

  /** The login may read the three tables and nothing else, whoever made it. */
  private async assertReadOnly(client: PoolClient): Promise<void> {
    const { rows: roles } = await client.query<{ unsafe: boolean }>(
      `SELECT (r.rolsuper OR r.rolcreaterole OR r.rolcreatedb OR r.rolreplication OR r.rolbypassrls
               OR EXISTS (SELECT 1 FROM pg_auth_members m WHERE m.member = r.oid)) AS unsafe
         FROM pg_roles r WHERE r.rolname = current_user AND session_user = current_user`,
    );
    const { rows: tables } = await client.query<{ name: string; reads: boolean; writes: boolean }>(
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
