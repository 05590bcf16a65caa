import { createHash } from 'node:crypto';
import type { PoolClient } from 'pg';
import { QueryFailedError, type DataSource } from 'typeorm';

/** SQL that each pooled connection parses (and PostgreSQL plans) once, then runs by name. */
export interface PreparedStatement {
  readonly name: string;
  readonly text: string;
}

/**
 * A named statement for a hot read's fixed SQL. TypeORM sends every query unnamed, so PostgreSQL parses, analyses
 * and plans it on each run: for the medication list's reference query (a dozen CTEs) that was half its time. A
 * named one is parsed once per connection; after five runs PostgreSQL keeps its generic plan when that plan costs
 * no more than the custom ones. The name is the text's hash, so two texts never share one. Only for constant SQL
 * (values as parameters): every distinct text stays prepared on every connection for the connection's life.
 */
export function preparedStatement(text: string): PreparedStatement {
  return Object.freeze({ name: `hl_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`, text });
}

/**
 * Runs a prepared statement on a pooled connection and answers its rows. A failed query is TypeORM's
 * QueryFailedError and a connection that cannot be had the pool's own error, as from `dataSource.query`, so the
 * exception filter's 503 for an unreachable database and the log's redaction of SQL parameters apply unchanged.
 * Needs a connection of its own session (direct, or a session-mode pooler), as LISTEN/NOTIFY does (README).
 */
export async function queryPrepared<T>(dataSource: DataSource, statement: PreparedStatement, values: readonly unknown[]): Promise<T[]> {
  const runner = dataSource.createQueryRunner();
  try {
    const client = (await runner.connect()) as PoolClient;
    try {
      return (await client.query<T & object>({ name: statement.name, text: statement.text, values: values as unknown[] })).rows;
    } catch (error) {
      throw new QueryFailedError(statement.text, values as unknown[], error instanceof Error ? error : new Error(String(error)));
    }
  } finally {
    await runner.release();
  }
}
