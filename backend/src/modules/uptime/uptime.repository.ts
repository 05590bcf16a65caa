import type { UptimeStatus } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { InsurerUptimeCheckEntity } from './entities/insurer-uptime-check.entity';

/** One insurer's result in one scheduled run, as stored. */
export interface UptimeRecord {
  insurer: string;
  status: UptimeStatus;
  responseTimeMs: number | null;
  message: string;
}

/** One insurer's runs of one UTC day. */
export interface UptimeDay {
  insurer: string;
  day: Date;
  checks: number;
  passed: number;
  untestable: number;
  /** The day's last failure (FAIL, TIMEOUT or UNREACHABLE); null when there was none. */
  lastFailure: UptimeStatus | null;
  medianResponseTimeMs: number | null;
}

interface DayRow {
  insurer: string;
  day: Date;
  checks: number;
  passed: number;
  untestable: number;
  last_failure: UptimeStatus | null;
  median_ms: number | null;
}

@Injectable()
export class UptimeRepository {
  constructor(@InjectRepository(InsurerUptimeCheckEntity) private readonly repository: Repository<InsurerUptimeCheckEntity>) {}

  private repo(manager?: EntityManager): Repository<InsurerUptimeCheckEntity> {
    return manager ? manager.getRepository(InsurerUptimeCheckEntity) : this.repository;
  }

  /** One run's rows; a run recorded twice for the same instant (a retried job) is kept once. */
  async insertRun(checkedAt: Date, records: UptimeRecord[], manager?: EntityManager): Promise<void> {
    if (!records.length) return;
    await this.repo(manager)
      .createQueryBuilder()
      .insert()
      .values(records.map((record) => ({ ...record, checkedAt })))
      .orIgnore()
      .execute();
  }

  /** Deletes the runs older than `before`; the rows deleted. */
  async deleteOlderThan(before: Date, manager?: EntityManager): Promise<number> {
    const result = await this.repo(manager).createQueryBuilder().delete().where('checked_at < :before', { before }).execute();
    return result.affected ?? 0;
  }

  /** The runs since `since`, per insurer and UTC day, oldest day first. */
  async daysSince(since: Date, manager?: EntityManager): Promise<UptimeDay[]> {
    const rows: DayRow[] = await this.repo(manager).query(
      `SELECT insurer,
              date_trunc('day', checked_at AT TIME ZONE 'UTC') AT TIME ZONE 'UTC' AS day,
              count(*)::int AS checks,
              (count(*) FILTER (WHERE status = 'PASS'))::int AS passed,
              (count(*) FILTER (WHERE status = 'UNTESTABLE'))::int AS untestable,
              (array_agg(status ORDER BY checked_at DESC) FILTER (WHERE status NOT IN ('PASS', 'UNTESTABLE')))[1] AS last_failure,
              (percentile_disc(0.5) WITHIN GROUP (ORDER BY response_time_ms))::int AS median_ms
         FROM insurer_uptime_checks
        WHERE checked_at >= $1
        GROUP BY insurer, day
        ORDER BY insurer, day`,
      [since],
    );
    return rows.map((row) => ({
      insurer: row.insurer,
      day: row.day,
      checks: row.checks,
      passed: row.passed,
      untestable: row.untestable,
      lastFailure: row.last_failure,
      medianResponseTimeMs: row.median_ms,
    }));
  }
}
