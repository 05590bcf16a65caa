import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { StaffQueryEntity, type StaffQueryOutcome } from './entities/staff-query.entity';

export interface StaffQueryRecord {
  id: string;
  userId: string | null;
  sql: string;
  outcome: StaffQueryOutcome;
  detail: string | null;
  rowCount: number | null;
  durationMs: number | null;
  createdAt: Date;
}

/** Text that replaces a staff query naming a deleted account. */
export const REDACTED_SQL = '-- redacted: the text named a deleted account';

@Injectable()
export class StaffQueriesRepository {
  constructor(@InjectRepository(StaffQueryEntity) private readonly repository: Repository<StaffQueryEntity>) {}

  async insert(row: { userId: string; sql: string; outcome: StaffQueryOutcome; detail?: string | null }): Promise<string> {
    const result = await this.repository.insert({ ...row, detail: row.detail ?? null });
    return result.identifiers[0].id as string;
  }

  async finish(
    id: string,
    end: { outcome: 'ok' | 'failed'; detail?: string | null; rowCount?: number; durationMs?: number },
  ): Promise<void> {
    await this.repository.update(
      { id },
      { outcome: end.outcome, detail: end.detail ?? null, rowCount: end.rowCount ?? null, durationMs: end.durationMs ?? null },
    );
  }

  async findById(id: string): Promise<StaffQueryRecord | null> {
    const row = await this.repository.findOneBy({ id });
    if (!row) return null;
    const { userId, sql, outcome, detail, rowCount, durationMs, createdAt } = row;
    return { id: row.id, userId, sql, outcome, detail, rowCount, durationMs, createdAt };
  }

  /**
   * Account deletion: a text that names the person (their id or e-mail, in any letter case) is redacted, and so is its
   * `detail` unless it is a failure's SQLSTATE or kind: a refusal's detail is the gate's reason, which may quote the
   * text ("syntax error at or near ..."). What the rest of the row says (who ran it, when, the outcome) stays. Their
   * own rows lose their id through the foreign key. Answers the number of rows changed.
   */
  async redactNaming(subject: { userId: string; email: string }, manager?: EntityManager): Promise<number> {
    if (!subject.email || !subject.userId) throw new Error('redactNaming needs both the user id and the e-mail');
    const [, affected]: [unknown, number] = await (manager ?? this.repository.manager).query(
      `UPDATE staff_queries
          SET sql = $3, detail = CASE WHEN outcome = 'failed' AND detail ~ '^[0-9A-Za-z]{1,20}$' THEN detail END, updated_at = now()
        WHERE strpos(lower(sql), $1) > 0 OR strpos(lower(sql), $2) > 0
           OR strpos(lower(coalesce(detail, '')), $1) > 0 OR strpos(lower(coalesce(detail, '')), $2) > 0`,
      [subject.email.toLowerCase(), subject.userId.toLowerCase(), REDACTED_SQL],
    );
    return affected;
  }
}
