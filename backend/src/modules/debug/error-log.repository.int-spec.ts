import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { ErrorLogEntity } from './entities/error-log.entity';
import { ErrorLogRepository } from './error-log.repository';

describe('ErrorLogRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: ErrorLogRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([ErrorLogEntity]);
    repository = new ErrorLogRepository(dataSource.getRepository(ErrorLogEntity));
  });
  afterAll(() => dataSource?.destroy());

  const row = (overrides: Partial<Parameters<ErrorLogRepository['insert']>[0]> = {}) => ({
    userId: null,
    insurerName: null,
    host: null,
    errorType: 'TEST',
    errorDetails: null,
    ...overrides,
  });

  it('inserts a row and answers its generated uuid', async () => {
    const userId = randomUUID();
    const id = await repository.insert(row({ userId, insurerName: 'Humana', host: 'app', errorDetails: { code: 7, list: [true] } }));
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await expect(repository.findById(id)).resolves.toMatchObject({
      userId,
      insurerName: 'Humana',
      host: 'app',
      errorType: 'TEST',
      errorDetails: { code: 7, list: [true] },
      createdAt: expect.any(Date),
    });
  });

  it('keeps any JSON value as errorDetails, and null as SQL NULL', async () => {
    const text = await repository.insert(row({ errorDetails: 'plain text' }));
    const list = await repository.insert(row({ errorDetails: [1, 2] }));
    const none = await repository.insert(row());
    expect((await repository.findById(text))!.errorDetails).toBe('plain text');
    expect((await repository.findById(list))!.errorDetails).toEqual([1, 2]);
    const [raw] = await dataSource.query('SELECT error_details IS NULL AS is_null FROM errors WHERE id = $1', [none]);
    expect(raw.is_null).toBe(true);
  });

  it('refuses a user id that is not a uuid', async () => {
    await expect(repository.insert(row({ userId: 'someone' }))).rejects.toThrow(/uuid/);
  });
});
