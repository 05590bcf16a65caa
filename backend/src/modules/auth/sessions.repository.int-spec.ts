import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { SessionEntity } from './entities/session.entity';
import { SessionsRepository } from './sessions.repository';

describe('SessionsRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: SessionsRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([SessionEntity]);
    repository = new SessionsRepository(dataSource.getRepository(SessionEntity));
  });
  afterAll(() => dataSource?.destroy());

  const inAnHour = () => new Date(Date.now() + 3600_000);
  const open = async (userId: string, expiresAt = inAnHour()) =>
    repository.insert({ userId, expiresAt, ip: '203.0.113.5', userAgent: 'jest' });
  const row = async (id: string) =>
    (await dataSource.query('SELECT last_seen_at, revoked_at, revoked_reason, xmin::text AS xmin FROM sessions WHERE id = $1', [id]))[0];
  const seenAgo = (id: string, seconds: number) =>
    dataSource.query(`UPDATE sessions SET last_seen_at = now() - make_interval(secs => $2) WHERE id = $1`, [id, seconds]);

  it('inserts a session and answers it as a domain object', async () => {
    const user = await createUser(dataSource);
    const expiresAt = inAnHour();
    const session = await open(user.id, expiresAt);
    expect(session).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), userId: user.id, expiresAt });
    expect(await row(session.id)).toMatchObject({ revoked_at: null, revoked_reason: null });
  });

  it('touchIfAlive: alive only for its own user, and writes last_seen_at only once the last write is old', async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    const { id } = await open(user.id);
    expect(await repository.touchIfAlive(id, other.id, 1800, 60)).toBeNull();

    const before = await row(id);
    expect(await repository.touchIfAlive(id, user.id, 1800, 60)).toMatchObject({ userId: user.id });
    expect((await row(id)).xmin).toBe(before.xmin);

    await seenAgo(id, 120);
    const stale = await row(id);
    expect(await repository.touchIfAlive(id, user.id, 1800, 60)).toMatchObject({ userId: user.id });
    const touched = await row(id);
    expect(touched.xmin).not.toBe(stale.xmin);
    expect(new Date(touched.last_seen_at).getTime()).toBeGreaterThan(new Date(stale.last_seen_at).getTime());
  });

  it('touchIfAlive answers what is left of the session: to its idle limit (after the touch) and to its expiry', async () => {
    const user = await createUser(dataSource);
    const { id } = await open(user.id, new Date(Date.now() + 600_000));
    await seenAgo(id, 30);
    const untouched = await repository.touchIfAlive(id, user.id, 1800, 60);
    expect(untouched!.seenAgoSeconds).toBeGreaterThanOrEqual(30);
    expect(untouched!.seenAgoSeconds).toBeLessThan(35);
    expect(untouched!.idleLeftSeconds).toBeGreaterThan(1800 - 35);
    expect(untouched!.idleLeftSeconds).toBeLessThanOrEqual(1800 - 30);
    expect(untouched!.expiresLeftSeconds).toBeGreaterThan(590);
    expect(untouched!.expiresLeftSeconds).toBeLessThanOrEqual(600);

    await seenAgo(id, 1700);
    const touched = await repository.touchIfAlive(id, user.id, 1800, 60);
    expect(touched!.seenAgoSeconds).toBeLessThan(1);
    expect(touched!.idleLeftSeconds).toBeGreaterThan(1799);
  });

  it('touchSeen moves last_seen_at forward to each request, never back, and never for a dead session', async () => {
    const user = await createUser(dataSource);
    const [a, b, idle, revoked] = [await open(user.id), await open(user.id), await open(user.id), await open(user.id)];
    await seenAgo(a.id, 120);
    await seenAgo(idle.id, 1900);
    await seenAgo(revoked.id, 120);
    await repository.revoke(revoked.id, user.id, 'logout');
    const [bBefore, idleBefore, revokedBefore] = [await row(b.id), await row(idle.id), await row(revoked.id)];

    const moved = await repository.touchSeen(
      [
        { sessionId: a.id, agoSeconds: 20 },
        { sessionId: b.id, agoSeconds: 20 },
        { sessionId: idle.id, agoSeconds: 5 },
        { sessionId: revoked.id, agoSeconds: 5 },
      ],
      1800,
    );
    expect(moved).toBe(1);
    const [seen] = await dataSource.query(`SELECT extract(epoch FROM now() - last_seen_at)::float8 AS ago FROM sessions WHERE id = $1`, [
      a.id,
    ]);
    expect(seen.ago).toBeGreaterThanOrEqual(20);
    expect(seen.ago).toBeLessThan(25);
    // b was seen just now: 20 s ago would move it back.
    expect((await row(b.id)).xmin).toBe(bBefore.xmin);
    expect((await row(idle.id)).xmin).toBe(idleBefore.xmin);
    expect((await row(revoked.id)).xmin).toBe(revokedBefore.xmin);
    expect(await repository.touchSeen([], 1800)).toBe(0);
  });

  it('touchIfAlive: an idle, expired or revoked session is dead', async () => {
    const user = await createUser(dataSource);
    const idle = await open(user.id);
    await seenAgo(idle.id, 1801);
    expect(await repository.touchIfAlive(idle.id, user.id, 1800, 60)).toBeNull();

    const expired = await open(user.id, new Date(Date.now() - 1000));
    expect(await repository.touchIfAlive(expired.id, user.id, 1800, 60)).toBeNull();

    const revoked = await open(user.id);
    await repository.revoke(revoked.id, user.id, 'logout');
    expect(await repository.touchIfAlive(revoked.id, user.id, 1800, 60)).toBeNull();
    expect(await row(revoked.id)).toMatchObject({ revoked_reason: 'logout', revoked_at: expect.any(Date) });
  });

  it('revoke touches only the session of the named user and keeps the first reason', async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    const { id } = await open(user.id);
    await repository.revoke(id, other.id, 'logout');
    expect((await row(id)).revoked_at).toBeNull();
    await repository.revoke(id, user.id, 'logout');
    await repository.revoke(id, user.id, 'password_change');
    expect((await row(id)).revoked_reason).toBe('logout');
  });

  it('revokeAllOf ends every live session of the user but the kept one, in the transaction given', async () => {
    const user = await createUser(dataSource);
    const other = await createUser(dataSource);
    const [kept, a, b] = [await open(user.id), await open(user.id), await open(user.id)];
    const theirs = await open(other.id);
    await repository.revoke(b.id, user.id, 'logout');

    await expect(
      dataSource.transaction(async (manager) => {
        expect(await repository.revokeAllOf(user.id, 'email_change', kept.id, manager)).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect((await row(a.id)).revoked_at).toBeNull();

    expect(await repository.revokeAllOf(user.id, 'email_change', kept.id)).toBe(1);
    expect(await row(a.id)).toMatchObject({ revoked_reason: 'email_change' });
    expect(await row(b.id)).toMatchObject({ revoked_reason: 'logout' });
    expect((await row(kept.id)).revoked_at).toBeNull();
    expect((await row(theirs.id)).revoked_at).toBeNull();
    expect(await repository.revokeAllOf(user.id, 'account_deleted')).toBe(1);
    expect(await row(kept.id)).toMatchObject({ revoked_reason: 'account_deleted' });
  });
});
