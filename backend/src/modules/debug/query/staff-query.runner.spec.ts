import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../../config';
import type { QueryRoleRepository } from './query-role.repository';
import { QUERY_TOOL_UNAVAILABLE, sizedCursorSql, StaffQueryRunner } from './staff-query.runner';

/** Failures while setting up the pool, before any connection: the tool is unavailable (503), never a 500. */
describe('StaffQueryRunner set-up', () => {
  let warned: string;
  beforeEach(() => {
    warned = '';
    jest.spyOn(Logger.prototype, 'warn').mockImplementation((...args: unknown[]) => void (warned += JSON.stringify(args)));
  });
  afterEach(() => jest.restoreAllMocks());

  const runnerWith = (database: { url?: string; queryToolUrl?: string }, ensure: QueryRoleRepository['ensure']) => {
    const config = {
      get: (key: string) => (key === 'database' ? database : { resetCodeSecret: 'a-reset-code-secret-for-the-query-role' }),
    } as unknown as ConfigService<AppConfig, true>;
    return new StaffQueryRunner(config, { ensure } as QueryRoleRepository);
  };

  it('answers unavailable when the role cannot be ensured, and logs no SQL', async () => {
    const gaveUp = Object.assign(new Error("ALTER ROLE x PASSWORD 'SCRAM-SHA-256$4096:secret'"), { code: 'XX000' });
    const ensure = jest.fn().mockRejectedValue(gaveUp);
    const runner = runnerWith({ url: 'postgresql://app@127.0.0.1:1/db' }, ensure);
    await expect(runner.run('SELECT 1')).rejects.toMatchObject({ kind: 'unavailable', message: QUERY_TOOL_UNAVAILABLE.setUpFailed });
    expect(warned).toContain('XX000');
    expect(warned).not.toContain('SCRAM');
    // Forgotten: the next query tries again.
    await expect(runner.run('SELECT 1')).rejects.toMatchObject({ kind: 'unavailable' });
    expect(ensure).toHaveBeenCalledTimes(2);
  });

  it('answers unavailable when there is no database URL at all', async () => {
    const ensure = jest.fn();
    await expect(runnerWith({}, ensure).run('SELECT 1')).rejects.toMatchObject({
      kind: 'unavailable',
      message: QUERY_TOOL_UNAVAILABLE.setUpFailed,
    });
    expect(ensure).not.toHaveBeenCalled();
  });
});

describe('sizedCursorSql', () => {
  it('renames the columns by position, counts the real names in the size and keeps a trailing comment apart', () => {
    const sql = sizedCursorSql('SELECT 1, 2 -- two', ['?column?', '?column?_2']);
    expect(sql).toContain('\nSELECT 1, 2 -- two\n)');
    expect(sql).toContain('AS q("c1", "c2")');
    // '"?column?"' is 10 bytes and '"c1"' 4; '"?column?_2"' 12 and '"c2"' 4: 6 + 8 more than the aliases.
    expect(sql).toContain('octet_length(to_json(q)::text) + 14 AS size');
    expect(sql).toMatch(/CASE WHEN t\.size <= 1000000 AND t\.total <= 20000000 THEN t\.c2 END/);
  });

  it('takes a statement without columns', () => {
    expect(sizedCursorSql('SELECT FROM errors', [])).toContain(') AS s OFFSET 0) AS q OFFSET 0)');
  });
});
