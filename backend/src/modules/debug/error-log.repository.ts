import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, QueryFailedError, Repository } from 'typeorm';
import { ErrorLogEntity, JsonValue } from './entities/error-log.entity';

/** One row of the error log as its readers see it. */
export interface ErrorLogRecord {
  id: string;
  createdAt: Date;
  userId: string | null;
  insurerName: string | null;
  host: string | null;
  errorType: string;
  errorDetails: JsonValue;
}

export interface NewErrorLogRow {
  userId: string | null;
  insurerName: string | null;
  host: string | null;
  errorType: string;
  errorDetails: unknown;
}

@Injectable()
export class ErrorLogRepository {
  constructor(@InjectRepository(ErrorLogEntity) private readonly repository: Repository<ErrorLogEntity>) {}

  /**
   * Adds a row; one about an account deleted meanwhile (a job or request that ended as it went) is kept without the
   * user id, as the deletion's cascade leaves the rows written before it.
   */
  async insert(row: NewErrorLogRow, manager?: EntityManager): Promise<string> {
    const repository = manager ? manager.getRepository(ErrorLogEntity) : this.repository;
    const values = { ...row, errorDetails: row.errorDetails === undefined ? null : (row.errorDetails as JsonValue) };
    try {
      return (await repository.insert(values)).identifiers[0].id as string;
    } catch (error) {
      const constraint = error instanceof QueryFailedError ? (error.driverError as { constraint?: string }).constraint : undefined;
      if (constraint !== 'fk_errors_user' || manager) throw error;
      return (await repository.insert({ ...values, userId: null })).identifiers[0].id as string;
    }
  }

  async findById(id: string): Promise<ErrorLogRecord | null> {
    const row = await this.repository.findOneBy({ id });
    if (!row) return null;
    const { createdAt, userId, insurerName, host, errorType, errorDetails } = row;
    return { id: row.id, createdAt, userId, insurerName, host, errorType, errorDetails };
  }

  /**
   * Account deletion: every row of the user, or whose text names them (their id or e-mail, in any letter case),
   * loses its user id and its details; its time, type, insurer and host stay for operators, each unless it names
   * them too. Answers the number of rows changed.
   */
  async anonymiseUser(subject: { userId: string; email: string }, manager?: EntityManager): Promise<number> {
    if (!subject.email || !subject.userId) throw new Error('anonymiseUser needs both the user id and the e-mail');
    const names = (column: string) => `(strpos(lower(${column}), $2) > 0 OR strpos(lower(${column}), $3) > 0)`;
    const [, affected]: [unknown, number] = await (manager ?? this.repository.manager).query(
      `UPDATE errors SET
         user_id = NULL,
         error_details = NULL,
         error_type = CASE WHEN ${names('error_type')} THEN 'REDACTED' ELSE error_type END,
         insurer_name = CASE WHEN ${names('insurer_name')} THEN NULL ELSE insurer_name END,
         host = CASE WHEN ${names('host')} THEN NULL ELSE host END
       WHERE user_id = $1 OR ${names('error_details::text')} OR ${names('error_type')} OR ${names('insurer_name')} OR ${names('host')}`,
      [subject.userId, subject.email.toLowerCase(), subject.userId.toLowerCase()],
    );
    return affected;
  }
}
