import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { RATE_LIMIT_RETENTION_SECONDS } from './rate-limiter.service';
import { RateLimitsRepository } from './rate-limits.repository';

describe('RateLimitsRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: RateLimitsRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new RateLimitsRepository(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  const tag = () => `test-${randomUUID()}`;
  const keysLike = async (prefix: string): Promise<string[]> => {
    const rows: { key: string }[] = await dataSource.query(`SELECT key FROM rate_limits WHERE key LIKE $1 ORDER BY key`, [`${prefix}%`]);
    return rows.map((r) => r.key);
  };

  it('prunes the counters whose window started before the retention, and keeps the live ones', async () => {
    const prefix = tag();
    await dataSource.query(
      `INSERT INTO rate_limits (key, window_started_at, hits) VALUES
         ($1 || ':spent-day', now() - interval '1 day', 8),
         ($1 || ':spent-3h', now() - interval '3 hours', 2),
         ($1 || ':live-50min', now() - interval '50 minutes', 1),
         ($1 || ':live-now', now(), 30)`,
      [prefix],
    );
    const deleted = await repository.deleteOlderThan(RATE_LIMIT_RETENTION_SECONDS);
    expect(deleted).toBeGreaterThanOrEqual(2);
    expect(await keysLike(prefix)).toEqual([`${prefix}:live-50min`, `${prefix}:live-now`]);
    // Nothing older is left behind, whoever wrote it.
    const [{ stale }] = await dataSource.query(
      `SELECT count(*)::int AS stale FROM rate_limits WHERE window_started_at < now() - make_interval(secs => $1)`,
      [RATE_LIMIT_RETENTION_SECONDS],
    );
    expect(stale).toBe(0);
  });
});
