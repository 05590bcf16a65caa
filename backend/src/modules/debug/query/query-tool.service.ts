import type { RunQueryResponse } from '@healthlink/contracts';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { UserDataErasure } from '../../../common/erasure';
import { RateLimiter, type RateLimitRule } from '../../auth';
import { checkStaffQuery } from './query-gate';
import { QueryToolError } from './query-tool.errors';
import { StaffQueriesRepository } from './staff-queries.repository';
import { StaffQueryRunError, StaffQueryRunner } from './staff-query.runner';

/**
 * Per staff account, counted in PostgreSQL (every API process shares it): a person debugging runs a few queries a
 * minute; a stolen staff session or a runaway script gets at most this many 5-second statements on the database.
 */
export const STAFF_QUERY_LIMIT: RateLimitRule = { name: 'staff-query-user', max: 30, windowSeconds: 5 * 60 };

/**
 * The staff query tool (issue 19 point 2): each text is recorded (who, when, the SQL) before anything else, checked by
 * the gate, then run by the read-only runner; the record ends with the outcome. Logs name the record, never the SQL.
 */
@Injectable()
export class QueryToolService implements OnModuleInit {
  private readonly logger = new Logger(QueryToolService.name);

  constructor(
    private readonly queries: StaffQueriesRepository,
    private readonly runner: StaffQueryRunner,
    private readonly erasure: UserDataErasure,
    private readonly limiter: RateLimiter,
  ) {}

  onModuleInit(): void {
    this.erasure.register('staff-queries', async (subject, manager) => {
      await this.queries.redactNaming(subject, manager);
    });
  }

  async run(sql: string, staffUserId: string): Promise<RunQueryResponse> {
    // Before the record: a 429 stores nothing, so hammering the tool cannot fill the audit table either.
    await this.limiter.consume(STAFF_QUERY_LIMIT, staffUserId);
    const verdict = await checkStaffQuery(sql);
    if (!verdict.allowed) {
      const id = await this.queries.insert({ userId: staffUserId, sql, outcome: 'refused', detail: verdict.reason.slice(0, 1000) });
      this.logger.log({ staffQueryId: id, outcome: 'refused' }, 'staff query refused');
      throw QueryToolError.rejected(verdict.reason);
    }
    const id = await this.queries.insert({ userId: staffUserId, sql, outcome: 'running' });
    try {
      const result = await this.runner.run(verdict.statement);
      const rowCount = result.rows.length;
      await this.queries.finish(id, { outcome: 'ok', rowCount, durationMs: result.durationMs });
      this.logger.log(
        { staffQueryId: id, outcome: 'ok', rowCount, truncated: result.truncated, durationMs: result.durationMs },
        'staff query ran',
      );
      return { columns: result.columns, rows: result.rows, rowCount, truncated: result.truncated, durationMs: result.durationMs };
    } catch (error) {
      const detail = error instanceof StaffQueryRunError ? (error.sqlState ?? error.kind) : 'error';
      await this.queries.finish(id, { outcome: 'failed', detail }).catch(() => undefined);
      this.logger.log({ staffQueryId: id, outcome: 'failed', detail }, 'staff query failed');
      if (!(error instanceof StaffQueryRunError)) throw error;
      if (error.kind === 'unavailable') throw QueryToolError.unavailable(error.message);
      throw QueryToolError.rejected(error.message);
    }
  }
}
