import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
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

  /** A user id that names an account (errors.user_id references users). */
  const aUserId = async () => (await createUser(dataSource)).id;

  it('inserts a row and answers its generated uuid', async () => {
    const userId = await aUserId();
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

  it('anonymises the rows of a user, or naming them, and leaves the rows of others alone', async () => {
    const userId = await aUserId();
    const email = `gone.${userId.slice(0, 8)}@example.com`;
    const own = await repository.insert(row({ userId, insurerName: 'Humana', host: 'api', errorDetails: { step: 'TOKEN' } }));
    const naming = await repository.insert(
      row({ errorType: `LOGIN ${email.toUpperCase()}`, host: email, errorDetails: { typed: email.toUpperCase() } }),
    );
    const byId = await repository.insert(row({ errorDetails: { pollingEventOwner: userId } }));
    const longer = await repository.insert(row({ userId: await aUserId(), errorDetails: { typed: `x${email}` } }));
    const other = await repository.insert(row({ userId: await aUserId(), errorDetails: { typed: 'someone@example.com' } }));

    await expect(repository.anonymiseUser({ userId, email })).resolves.toBe(4);
    await expect(repository.findById(own)).resolves.toMatchObject({
      userId: null,
      insurerName: 'Humana',
      host: 'api',
      errorType: 'TEST',
      errorDetails: null,
    });
    await expect(repository.findById(naming)).resolves.toMatchObject({
      userId: null,
      host: null,
      errorType: 'REDACTED',
      errorDetails: null,
    });
    await expect(repository.findById(byId)).resolves.toMatchObject({ errorDetails: null });
    // A longer address containing the e-mail is anonymised too: losing a detail beats keeping a person.
    await expect(repository.findById(longer)).resolves.toMatchObject({ userId: null, errorDetails: null });
    await expect(repository.findById(other)).resolves.toMatchObject({
      userId: expect.any(String),
      errorDetails: { typed: 'someone@example.com' },
    });
  });

  it('refuses to anonymise without both the id and the e-mail (an empty one would match every row)', async () => {
    await expect(repository.anonymiseUser({ userId: randomUUID(), email: '' })).rejects.toThrow(/both/);
  });

  it('keeps a row about an account deleted meanwhile without its user id; a deletion clears the id of the rows before it', async () => {
    const userId = await aUserId();
    const before = await repository.insert(row({ userId, errorType: 'BEFORE' }));
    await dataSource.query(`DELETE FROM users WHERE id = $1`, [userId]);
    await expect(repository.findById(before)).resolves.toMatchObject({ userId: null, errorType: 'BEFORE' });
    const after = await repository.insert(row({ userId, errorType: 'AFTER' }));
    await expect(repository.findById(after)).resolves.toMatchObject({ userId: null, errorType: 'AFTER' });
  });

  it('refuses a user id that is not a uuid', async () => {
    await expect(repository.insert(row({ userId: 'someone' }))).rejects.toThrow(/uuid/);
  });
});
