import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { PatientInfoEntity } from './entities/patient-info.entity';
import { PatientInfoRepository, type PatientInfoColumns } from './patient-info.repository';

const demographics = (overrides: PatientInfoColumns = {}): PatientInfoColumns => ({
  email: 'ada@insurer.example',
  phoneNumber: '5551234567',
  firstName: 'Ada',
  lastName: 'Lovelace',
  streetAddress: '1 Main St',
  city: 'Springfield',
  district: null,
  state: 'IL',
  postalCode: '62701',
  birthdate: '1980-02-29',
  gender: 'female',
  ...overrides,
});

describe('PatientInfoRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: PatientInfoRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([PatientInfoEntity]);
    repository = new PatientInfoRepository(dataSource.getRepository(PatientInfoEntity));
  });
  afterAll(() => dataSource?.destroy());

  // xmin changes whenever PostgreSQL writes a new version of a row.
  const versions = async (userId: string): Promise<Record<string, string>> => {
    const rows: { source: string; xmin: string }[] = await dataSource.query(
      `SELECT source, xmin::text AS xmin FROM patient_info WHERE user_id = $1 ORDER BY source`,
      [userId],
    );
    return Object.fromEntries(rows.map((r) => [r.source, r.xmin]));
  };
  const updatedAt = async (userId: string, source: string): Promise<Date> =>
    (await dataSource.query(`SELECT updated_at FROM patient_info WHERE user_id = $1 AND source = $2`, [userId, source]))[0].updated_at;

  it('upsert stores an entry that listForUser answers, only for its user, oldest first, without timestamps', async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    await repository.upsert(user.id, 'uhc', demographics());
    await repository.upsert(other.id, 'uhc', demographics({ firstName: 'Grace' }));
    await repository.upsert(user.id, 'aetna', { firstName: 'Ada', birthdate: null });

    const rows = await repository.listForUser(user.id);
    expect(rows).toEqual([
      { id: expect.stringMatching(/^[0-9a-f-]{36}$/), userId: user.id, source: 'uhc', ...demographics() },
      {
        id: expect.stringMatching(/^[0-9a-f-]{36}$/),
        userId: user.id,
        source: 'aetna',
        ...Object.fromEntries(Object.keys(demographics()).map((key) => [key, null])),
        firstName: 'Ada',
      },
    ]);
    expect(rows[0].id).not.toBe(rows[1].id);
    expect(await repository.listForUser(other.id)).toMatchObject([{ userId: other.id, source: 'uhc', firstName: 'Grace' }]);
  });

  it('listForUser answers nothing for a user without entries', async () => {
    const user = await createUser(dataSource);
    await expect(repository.listForUser(user.id)).resolves.toEqual([]);
  });

  it('upsert is idempotent per user and source: one row, same id, later values win, columns not given are kept', async () => {
    const user = await createUser(dataSource);
    await repository.upsert(user.id, 'uhc', demographics());
    const [first] = await repository.listForUser(user.id);
    const firstUpdatedAt = await updatedAt(user.id, 'uhc');

    await repository.upsert(user.id, 'uhc', { city: 'Chicago', postalCode: null });
    await repository.upsert(user.id, 'uhc', { city: 'Chicago', postalCode: null });

    const rows = await repository.listForUser(user.id);
    expect(rows).toEqual([{ ...first, city: 'Chicago', postalCode: null }]);
    await expect(dataSource.query(`SELECT count(*)::int AS n FROM patient_info WHERE user_id = $1`, [user.id])).resolves.toEqual([
      { n: 1 },
    ]);
    expect((await updatedAt(user.id, 'uhc')).getTime()).toBeGreaterThan(firstUpdatedAt.getTime());
  });

  it('upsert writes in the transaction given: a rollback leaves nothing', async () => {
    const user = await createUser(dataSource);
    await expect(
      dataSource.transaction(async (manager) => {
        await repository.upsert(user.id, 'uhc', demographics(), manager);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(repository.listForUser(user.id)).resolves.toEqual([]);
  });

  it('existsForUser answers whether the user has an entry, whoever else has one', async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    await repository.upsert(other.id, 'uhc', demographics());
    await expect(repository.existsForUser(user.id)).resolves.toBe(false);
    await repository.upsert(user.id, 'uhc', {});
    await expect(repository.existsForUser(user.id)).resolves.toBe(true);
  });

  it('updateAllOfUser changes the given columns of every entry of the user, and nothing of anyone else', async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    await repository.upsert(user.id, 'uhc', demographics());
    await repository.upsert(user.id, 'aetna', demographics({ city: 'Peoria' }));
    await repository.upsert(other.id, 'uhc', demographics());
    const before = await repository.listForUser(user.id);
    const othersBefore = await versions(other.id);

    await repository.updateAllOfUser(user.id, { lastName: 'Byron', birthdate: '1815-12-10', gender: null });

    expect(await repository.listForUser(user.id)).toEqual(
      before.map((row) => ({ ...row, lastName: 'Byron', birthdate: '1815-12-10', gender: null })),
    );
    expect(await versions(other.id)).toEqual(othersBefore);
    expect(await repository.listForUser(other.id)).toMatchObject([{ lastName: 'Lovelace', birthdate: '1980-02-29', gender: 'female' }]);
  });

  it('updateAllOfUser with no columns writes nothing', async () => {
    const user = await createUser(dataSource);
    await repository.upsert(user.id, 'uhc', demographics());
    const before = await versions(user.id);
    await repository.updateAllOfUser(user.id, {});
    expect(await versions(user.id)).toEqual(before);
  });

  it('updateAllOfUser writes in the transaction given: a rollback keeps the old values', async () => {
    const user = await createUser(dataSource);
    await repository.upsert(user.id, 'uhc', demographics());
    await expect(
      dataSource.transaction(async (manager) => {
        await repository.updateAllOfUser(user.id, { city: 'Chicago' }, manager);
        expect(await manager.getRepository(PatientInfoEntity).findOneByOrFail({ userId: user.id })).toMatchObject({ city: 'Chicago' });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await repository.listForUser(user.id)).toMatchObject([{ city: 'Springfield' }]);
  });
});
