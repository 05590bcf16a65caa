import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { InsurerUptimeCheckEntity } from './entities/insurer-uptime-check.entity';
import { UptimeRepository, type UptimeRecord } from './uptime.repository';

describe('UptimeRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: UptimeRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([InsurerUptimeCheckEntity]);
    repository = new UptimeRepository(dataSource.getRepository(InsurerUptimeCheckEntity));
  });
  afterAll(() => dataSource?.destroy());

  // The table is shared by the run: each test's insurers are its own.
  const insurerId = () => `t${randomUUID().replace(/-/g, '')}`;
  const record = (insurer: string, over: Partial<UptimeRecord> = {}): UptimeRecord => ({
    insurer,
    status: 'PASS',
    responseTimeMs: 40,
    message: 'CapabilityStatement (FHIR 4.0.1), token endpoint reachable',
    ...over,
  });

  it('keeps a run stored twice for the same tick once', async () => {
    const insurer = insurerId();
    const tick = new Date('2026-11-20T10:05:00Z');
    await repository.insertRun(tick, [record(insurer)]);
    const [{ xmin }] = await dataSource.query(`SELECT xmin::text AS xmin FROM insurer_uptime_checks WHERE insurer = $1`, [insurer]);
    await repository.insertRun(tick, [record(insurer, { status: 'FAIL', message: 'HTTP 500' })]);
    const rows = await dataSource.query(`SELECT status, xmin::text AS xmin FROM insurer_uptime_checks WHERE insurer = $1`, [insurer]);
    expect(rows).toEqual([{ status: 'PASS', xmin }]);
  });

  it('sums each insurer per UTC day: runs, passes, untestable, the last failure and the median time', async () => {
    const [a, b] = [insurerId(), insurerId()];
    const at = (iso: string) => new Date(iso);
    await repository.insertRun(at('2026-11-24T23:55:00Z'), [
      record(a, { responseTimeMs: 10 }),
      record(b, { status: 'UNTESTABLE', responseTimeMs: null }),
    ]);
    await repository.insertRun(at('2026-11-25T00:00:00Z'), [
      record(a, { status: 'TIMEOUT', responseTimeMs: 5000 }),
      record(b, { status: 'UNTESTABLE', responseTimeMs: null }),
    ]);
    await repository.insertRun(at('2026-11-25T00:05:00Z'), [
      record(a, { status: 'FAIL', responseTimeMs: 30 }),
      record(b, { status: 'UNTESTABLE', responseTimeMs: null }),
    ]);
    await repository.insertRun(at('2026-11-25T00:10:00Z'), [record(a, { responseTimeMs: 20 })]);
    // Before the window: not read.
    await repository.insertRun(at('2026-11-01T00:00:00Z'), [record(a, { status: 'FAIL' })]);

    const days = (await repository.daysSince(at('2026-11-24T12:00:00Z'))).filter((d) => d.insurer === a || d.insurer === b);
    expect(days).toEqual([
      ...[
        { insurer: a, day: at('2026-11-24T00:00:00Z'), checks: 1, passed: 1, untestable: 0, lastFailure: null, medianResponseTimeMs: 10 },
        { insurer: a, day: at('2026-11-25T00:00:00Z'), checks: 3, passed: 1, untestable: 0, lastFailure: 'FAIL', medianResponseTimeMs: 30 },
        { insurer: b, day: at('2026-11-24T00:00:00Z'), checks: 1, passed: 0, untestable: 1, lastFailure: null, medianResponseTimeMs: null },
        { insurer: b, day: at('2026-11-25T00:00:00Z'), checks: 2, passed: 0, untestable: 2, lastFailure: null, medianResponseTimeMs: null },
      ].sort((x, y) => (x.insurer < y.insurer ? -1 : x.insurer > y.insurer ? 1 : 0)),
    ]);
  });

  it('deletes only the runs before the cut', async () => {
    const insurer = insurerId();
    await repository.insertRun(new Date('2001-01-01T00:00:00Z'), [record(insurer)]);
    await repository.insertRun(new Date('2001-02-01T00:00:00Z'), [record(insurer)]);
    expect(await repository.deleteOlderThan(new Date('2001-01-15T00:00:00Z'))).toBeGreaterThanOrEqual(1);
    const left = await dataSource.query(`SELECT checked_at FROM insurer_uptime_checks WHERE insurer = $1`, [insurer]);
    expect(left).toEqual([{ checked_at: new Date('2001-02-01T00:00:00Z') }]);
  });
});
