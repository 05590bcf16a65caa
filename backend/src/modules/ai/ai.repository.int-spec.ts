import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { AiRepository } from './ai.repository';

describe('AiRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: AiRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new AiRepository(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  it('keeps one definition a key, the newest (an idempotent upsert)', async () => {
    const key = { codeType: 'diagnosis code', code: `T${Date.now()}`, language: 'en', provider: 'offline' as const, model: 'offline' };
    expect(await repository.findDefinition(key)).toBeNull();
    await repository.saveDefinition(key, { output: 'first' });
    const [before] = await dataSource.query(`SELECT xmin::text AS xmin FROM code_definitions WHERE code = $1`, [key.code]);
    await repository.saveDefinition(key, { output: 'second' });
    const rows = await dataSource.query(`SELECT definition, xmin::text AS xmin FROM code_definitions WHERE code = $1`, [key.code]);
    expect(rows).toHaveLength(1);
    expect(rows[0].definition).toEqual({ output: 'second' });
    expect(rows[0].xmin).not.toBe(before.xmin);
    expect(await repository.findDefinition({ ...key, model: 'gpt-4o' })).toBeNull();
  });

  it('writes a usage row with its total and cost, and refuses negative tokens', async () => {
    const user = await createUser(dataSource);
    await repository.insertUsage({
      userId: user.id,
      endpoint: 'defineMedCode',
      provider: 'openai',
      model: 'gpt-4o',
      inputTokens: 10,
      outputTokens: 5,
      cost: 0.000125,
    });
    expect(await dataSource.query(`SELECT total_tokens, cost::text FROM ai_usage WHERE user_id = $1`, [user.id])).toEqual([
      { total_tokens: 15, cost: '0.000125' },
    ]);
    await expect(
      repository.insertUsage({
        userId: user.id,
        endpoint: 'x',
        provider: 'offline',
        model: 'gpt-4o',
        inputTokens: -1,
        outputTokens: 0,
        cost: 0,
      }),
    ).rejects.toThrow(/chk_ai_usage_tokens/);
  });
});
