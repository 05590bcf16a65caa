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

  it('hit counts in one window and starts a new one once it ended; peek reads without counting; clear forgets', async () => {
    const key = `${tag()}:hit`;
    const first = await repository.hit(key, 60);
    expect(first.hits).toBe(1);
    expect(first.resetAt.getTime() - Date.now()).toBeGreaterThan(55_000);
    expect((await repository.hit(key, 60)).hits).toBe(2);
    expect(await repository.peek(key, 60)).toEqual({ hits: 2, resetAt: first.resetAt });
    expect((await repository.peek(key, 60))?.hits).toBe(2);

    await dataSource.query(`UPDATE rate_limits SET window_started_at = now() - interval '61 seconds' WHERE key = $1`, [key]);
    expect(await repository.peek(key, 60)).toBeNull();
    expect((await repository.hit(key, 60)).hits).toBe(1);

    await repository.clear(key);
    expect(await keysLike(key)).toEqual([]);
  });

  it('addHits adds several keys at once, per window length, and starts a window afresh once it ended', async () => {
    const a = `${tag()}:a`;
    const b = `${tag()}:b`;
    await repository.hit(a, 60);
    const added = await repository.addHits([
      { key: a, windowSeconds: 60, hits: 4 },
      { key: b, windowSeconds: 300, hits: 2 },
    ]);
    expect(added.map(({ key, hits }) => ({ key, hits })).sort((x, y) => (x.key < y.key ? -1 : 1))).toEqual(
      [
        { key: a, hits: 5 },
        { key: b, hits: 2 },
      ].sort((x, y) => (x.key < y.key ? -1 : 1)),
    );
    expect(added.find((row) => row.key === b)!.resetAt.getTime() - Date.now()).toBeGreaterThan(295_000);
    await dataSource.query(`UPDATE rate_limits SET window_started_at = now() - interval '61 seconds' WHERE key = $1`, [a]);
    expect((await repository.addHits([{ key: a, windowSeconds: 60, hits: 3 }]))[0]!.hits).toBe(3);
  });

  it('counts concurrent hits exactly (one atomic upsert)', async () => {
    const key = `${tag()}:race`;
    const results = await Promise.all(Array.from({ length: 10 }, () => repository.hit(key, 60)));
    expect(results.map((r) => r.hits).sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

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
