import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { AnalyticsRepository } from './analytics.repository';

describe('AnalyticsRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: AnalyticsRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new AnalyticsRepository(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  // The table names no user: each test tells its rows apart by a path of its own.
  const aPath = () => `/test/${randomUUID()}`;
  const eventsAt = (path: string): Promise<{ id: string; category: string; action: string; created_at: Date }[]> =>
    dataSource.query(`SELECT id, category, action, created_at FROM analytics_events WHERE path = $1 ORDER BY created_at, action`, [path]);

  it('insert stores the event with an id and the time it was stored', async () => {
    const path = aPath();
    await repository.insert({ category: 'navigation', action: 'open-dashboard', path });

    const rows = await eventsAt(path);
    expect(rows).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), category: 'navigation', action: 'open-dashboard', created_at: expect.any(Date) },
    ]);
    expect(Math.abs(rows[0].created_at.getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('insert stores every event, even an identical one, as its own row', async () => {
    const path = aPath();
    const event = { category: 'button', action: 'click', path };
    await repository.insert(event);
    await repository.insert(event);
    await repository.insert({ ...event, action: 'hover' });

    const rows = await eventsAt(path);
    expect(rows.map((r) => [r.category, r.action])).toEqual(
      expect.arrayContaining([
        ['button', 'click'],
        ['button', 'click'],
        ['button', 'hover'],
      ]),
    );
    expect(rows).toHaveLength(3);
    expect(new Set(rows.map((r) => r.id)).size).toBe(3);
  });

  it('insert keeps text as given, quotes and all (bound parameters, not SQL)', async () => {
    const path = aPath();
    const category = `it's "quoted"; DROP TABLE analytics_events; --`;
    await repository.insert({ category, action: 'Ünïcödé ✓', path });
    await expect(eventsAt(path)).resolves.toMatchObject([{ category, action: 'Ünïcödé ✓' }]);
  });
});
