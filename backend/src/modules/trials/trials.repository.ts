import type { ClinicalTrialsResult } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';

/** The member's cached list (`trial_matches`): the inputs it was matched for, by hash. */
export interface TrialMatch {
  userId: string;
  inputsHash: string;
  result: ClinicalTrialsResult;
  /** YYYY-MM-DD of the registry data. */
  asOf: string;
  createdAt: Date;
  updatedAt: Date;
}

interface TrialMatchRow {
  user_id: string;
  inputs_hash: string;
  result: ClinicalTrialsResult;
  as_of: string;
  created_at: Date;
  updated_at: Date;
}

const toMatch = (row: TrialMatchRow): TrialMatch => ({
  userId: row.user_id,
  inputsHash: row.inputs_hash,
  result: row.result,
  asOf: row.as_of,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

@Injectable()
export class TrialsRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  private runner(manager?: EntityManager): DataSource | EntityManager {
    return manager ?? this.dataSource;
  }

  async findMatch(userId: string, manager?: EntityManager): Promise<TrialMatch | null> {
    const rows: TrialMatchRow[] = await this.runner(manager).query(
      `SELECT user_id, inputs_hash, result, to_char(as_of, 'YYYY-MM-DD') AS as_of, created_at, updated_at
       FROM trial_matches WHERE user_id = $1`,
      [userId],
    );
    return rows[0] ? toMatch(rows[0]) : null;
  }

  /** One row per member: a new match replaces the old (its creation time is the new match's). */
  async saveMatch(userId: string, inputsHash: string, result: ClinicalTrialsResult, manager?: EntityManager): Promise<void> {
    await this.runner(manager).query(
      `INSERT INTO trial_matches (user_id, inputs_hash, result, as_of)
       VALUES ($1, $2, $3::jsonb, $4::date)
       ON CONFLICT (user_id) DO UPDATE SET inputs_hash = EXCLUDED.inputs_hash, result = EXCLUDED.result,
         as_of = EXCLUDED.as_of, created_at = now(), updated_at = now()`,
      [userId, inputsHash, JSON.stringify(result), result.asOf],
    );
  }

  async deleteMatch(userId: string, manager?: EntityManager): Promise<void> {
    await this.runner(manager).query(`DELETE FROM trial_matches WHERE user_id = $1`, [userId]);
  }
}
