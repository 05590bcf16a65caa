import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { EmailChangesRepository } from './email-changes.repository';
import { EmailChangeEntity } from './entities/email-change.entity';

describe('EmailChangesRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: EmailChangesRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([EmailChangeEntity]);
    repository = new EmailChangesRepository(dataSource.getRepository(EmailChangeEntity));
  });
  afterAll(() => dataSource?.destroy());

  const inTenMinutes = () => new Date(Date.now() + 600_000);
  const newEmail = () => `new.${randomUUID().slice(0, 8)}@example.com`;
  const rowsOf = async (userId: string): Promise<{ id: string; new_email: string; attempts: number; used_at: Date | null }[]> =>
    dataSource.query(`SELECT id, new_email, attempts, used_at FROM email_changes WHERE user_id = $1 ORDER BY created_at`, [userId]);
  const row = async (id: string) =>
    (await dataSource.query(`SELECT attempts, used_at, xmin::text AS xmin FROM email_changes WHERE id = $1`, [id]))[0];
  /** A live request of a new user, and its id. */
  const request = async () => {
    const user = await createUser(dataSource);
    const email = newEmail();
    await repository.replace({ userId: user.id, newEmail: email, codeHash: 'hash-1' }, inTenMinutes());
    const live = await repository.findLive(user.id);
    if (!live) throw new Error('no live request');
    return { user, email, id: live.id };
  };

  it('replace stores a request that findLive answers, for its user only', async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    const email = newEmail();
    const expiresAt = inTenMinutes();
    await repository.replace({ userId: user.id, newEmail: email, codeHash: 'hash-1' }, expiresAt);

    const live = await repository.findLive(user.id);
    expect(live).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), userId: user.id, newEmail: email, codeHash: 'hash-1' });
    await expect(repository.findLive(other.id)).resolves.toBeNull();
    const [stored] = await dataSource.query(`SELECT code_expires_at, attempts, used_at FROM email_changes WHERE id = $1`, [live!.id]);
    expect(stored).toEqual({ code_expires_at: expiresAt, attempts: 0, used_at: null });
  });

  it('replace ends the earlier unused request of the user, and no one else’s', async () => {
    const { user, email, id: first } = await request();
    const { id: theirs } = await request();
    const second = newEmail();
    await repository.replace({ userId: user.id, newEmail: second, codeHash: 'hash-2' }, inTenMinutes());

    const live = await repository.findLive(user.id);
    expect(live).toMatchObject({ newEmail: second, codeHash: 'hash-2' });
    expect(live!.id).not.toBe(first);
    expect(await rowsOf(user.id)).toEqual([
      { id: first, new_email: email, attempts: 0, used_at: expect.any(Date) },
      { id: live!.id, new_email: second, attempts: 0, used_at: null },
    ]);
    expect((await row(theirs)).used_at).toBeNull();
  });

  it('replace is all or nothing: a request that cannot be stored leaves the earlier one live', async () => {
    const { user, id } = await request();
    // The table accepts only lower-case addresses (the service normalizes them first).
    await expect(
      repository.replace({ userId: user.id, newEmail: 'Mixed@Example.com', codeHash: 'hash-2' }, inTenMinutes()),
    ).rejects.toThrow(/check constraint/);
    await expect(repository.findLive(user.id)).resolves.toMatchObject({ id, codeHash: 'hash-1' });
  });

  it('findLive ignores an expired request and a used one', async () => {
    const expired = await request();
    await dataSource.query(`UPDATE email_changes SET code_expires_at = now() - interval '1 second' WHERE id = $1`, [expired.id]);
    await expect(repository.findLive(expired.user.id)).resolves.toBeNull();

    const used = await request();
    expect(await repository.markUsed(used.id)).toBe(true);
    await expect(repository.findLive(used.user.id)).resolves.toBeNull();
  });

  it('countAttempt counts every try of that request only and answers the count after it', async () => {
    const { id } = await request();
    const { id: theirs } = await request();
    expect(await repository.countAttempt(id)).toBe(1);
    expect(await repository.countAttempt(id)).toBe(2);
    expect(await Promise.all([repository.countAttempt(id), repository.countAttempt(id)])).toEqual(expect.arrayContaining([3, 4]));
    expect((await row(id)).attempts).toBe(4);
    expect((await row(theirs)).attempts).toBe(0);
  });

  it('countAttempt answers null for a spent request (without counting) and for an unknown one', async () => {
    const { id } = await request();
    await repository.countAttempt(id);
    await repository.markUsed(id);
    expect(await repository.countAttempt(id)).toBeNull();
    expect((await row(id)).attempts).toBe(1);
    expect(await repository.countAttempt(randomUUID())).toBeNull();
  });

  it('markUsed spends a request once: the second call answers false and keeps the first time', async () => {
    const { id } = await request();
    const { id: theirs } = await request();
    expect(await repository.markUsed(id)).toBe(true);
    const spent = await row(id);
    expect(spent.used_at).toEqual(expect.any(Date));
    expect(await repository.markUsed(id)).toBe(false);
    expect(await row(id)).toEqual(spent);
    expect((await row(theirs)).used_at).toBeNull();
    expect(await repository.markUsed(randomUUID())).toBe(false);
  });

  it('markUsed writes in the transaction given: a rollback leaves the request live', async () => {
    const { user, id } = await request();
    await expect(
      dataSource.transaction(async (manager) => {
        expect(await repository.markUsed(id, manager)).toBe(true);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await expect(repository.findLive(user.id)).resolves.toMatchObject({ id });
  });

  it('endAllOf spends every unused request of the user, leaves spent ones as they were, and no one else’s', async () => {
    const { user, id: live } = await request();
    const { id: theirs } = await request();
    const spent = (await dataSource.query(
      `INSERT INTO email_changes (user_id, new_email, code_hash, code_expires_at, used_at)
       VALUES ($1, $2, 'old', now() + interval '10 minutes', now() - interval '1 hour') RETURNING id`,
      [user.id, newEmail()],
    )) as { id: string }[];
    const spentBefore = await row(spent[0].id);

    await repository.endAllOf(user.id);

    expect((await row(live)).used_at).toEqual(expect.any(Date));
    expect(await row(spent[0].id)).toEqual(spentBefore);
    expect((await row(theirs)).used_at).toBeNull();
    await expect(repository.findLive(user.id)).resolves.toBeNull();
  });
});
