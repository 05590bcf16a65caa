import type { RunQueryResponse } from '@healthlink/contracts';
import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { UserDataErasure } from '../../../common/erasure';
import { checkStaffQuery } from './query-gate';
import { QueryToolError } from './query-tool.errors';
import { StaffQueriesRepository } from './staff-queries.repository';
import { StaffQueryRunError, StaffQueryRunner } from './staff-query.runner';

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
  ) {}

  onModuleInit(): void {
    this.erasure.register('staff-queries', async (subject, manager) => {
      await this.queries.redactNaming(subject, manager);
    });
  }

  async run(sql: string, staffUserId: string): Promise<RunQueryResponse> {
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
