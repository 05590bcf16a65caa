import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { InsurersRepository, type LinkTokens } from './insurers.repository';
import { SEALED_PREFIX } from './token-cipher';

const HOUR = 3_600_000;
const sealed = (label: string) => `${SEALED_PREFIX}${label}-${randomBytes(4).toString('hex')}`;
const tokens = (): LinkTokens => ({
  patientId: 'patient-1',
  accessTokenEnc: sealed('access'),
  refreshTokenEnc: sealed('refresh'),
  accessExpiresAt: new Date(Date.now() + HOUR),
  scope: null,
});

describe('InsurersRepository: what the daily re-sync reads and writes (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: InsurersRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new InsurersRepository(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  async function newLink(insurer = 'cigna') {
    const user = await createUser(dataSource);
    await repository.upsertLink(user.id, insurer, null, tokens());
    const link = (await repository.findLink(user.id, insurer))!;
    return { user, link };
  }

  const setSynced = (linkId: string, at: Date | null) =>
    dataSource.query(`UPDATE insurer_links SET last_synced_at = $2 WHERE id = $1`, [linkId, at]);

  it('lists as due the active links never synced or synced before the threshold, least recently synced first', async () => {
    const never = await newLink();
    const old = await newLink();
    const older = await newLink();
    const recent = await newLink();
    const refused = await newLink();
    const now = Date.now();
    await setSynced(old.link.id, new Date(now - 30 * HOUR));
    await setSynced(older.link.id, new Date(now - 50 * HOUR));
    await setSynced(recent.link.id, new Date(now - 2 * HOUR));
    await setSynced(refused.link.id, new Date(now - 50 * HOUR));
    await repository.markRelinkRequired(refused.link.id);

    const due = await repository.dueLinkIds(new Date(now - 20 * HOUR));
    const mine = due.filter((id) => [never, old, older, recent, refused].some((l) => l.link.id === id));
    expect(mine).toEqual([never.link.id, older.link.id, old.link.id]);
  });

  it('maps the sync columns onto the link', async () => {
    const { link } = await newLink();
    expect(link).toMatchObject({ status: 'active', lastSyncedAt: null, relinkNotifiedAt: null });
    const at = new Date('2026-11-20T10:00:00.000Z');
    await repository.markSynced(link.id, at);
    await repository.markRelinkRequired(link.id);
    expect(await repository.findLinkById(link.id)).toMatchObject({ status: 'relink_required', lastSyncedAt: at });
  });

  it('records a sync time that never moves back', async () => {
    const { link } = await newLink();
    await repository.markSynced(link.id, new Date('2026-11-20T10:00:00Z'));
    await repository.markSynced(link.id, new Date('2026-11-19T10:00:00Z'));
    expect((await repository.findLinkById(link.id))!.lastSyncedAt).toEqual(new Date('2026-11-20T10:00:00Z'));
  });

  it('gives the relink e-mail to one claimer only, once the link is refused, and takes it back on demand', async () => {
    const { user, link } = await newLink('humana');
    const at = new Date();
    await expect(repository.claimRelinkNotice(link.id, at)).resolves.toBeNull();
    await repository.markRelinkRequired(link.id);
    expect(await repository.unnotifiedRelinkIds()).toContain(link.id);

    const claims = await Promise.all(Array.from({ length: 5 }, () => repository.claimRelinkNotice(link.id, at)));
    expect(claims.filter(Boolean)).toEqual([{ userId: user.id, insurer: 'humana' }]);
    expect(await repository.unnotifiedRelinkIds()).not.toContain(link.id);

    await repository.releaseRelinkNotice(link.id);
    await expect(repository.claimRelinkNotice(link.id, at)).resolves.toEqual({ userId: user.id, insurer: 'humana' });
  });

  it('makes a refused link active again, and its next refusal told again, when the member links again', async () => {
    const { user, link } = await newLink();
    await repository.markRelinkRequired(link.id);
    await repository.claimRelinkNotice(link.id, new Date());
    await repository.upsertLink(user.id, 'cigna', null, tokens());
    expect(await repository.findLinkById(link.id)).toMatchObject({ status: 'active', relinkNotifiedAt: null });
    expect(await repository.dueLinkIds(new Date())).toContain(link.id);
  });

  describe('the sync time of a member’s own fetch', () => {
    const KIND = 'insurer-fetch';
    async function event(userId: string, operation: string, status: string, createdAt: Date) {
      await dataSource.query(`INSERT INTO polling_events (owner_user_id, kind, status, response, created_at) VALUES ($1, $2, $3, $4, $5)`, [
        userId,
        KIND,
        status,
        { insurer: 'cigna', operation, count: 1 },
        createdAt,
      ]);
    }
    const OPERATIONS = ['getPatientInformation', 'getPatientEOB'];

    it('is set once every operation of the set ended well: the start of the oldest of their latest fetches', async () => {
      const { user, link } = await newLink();
      const base = Date.now();
      const t = (minutes: number) => new Date(base + minutes * 60_000);
      await event(user.id, 'getPatientInformation', 'complete', t(1));
      await event(user.id, 'getPatientEOB', 'failed', t(2));
      await repository.markSyncedByFetches(user.id, 'cigna', OPERATIONS, KIND);
      expect((await repository.findLinkById(link.id))!.lastSyncedAt).toBeNull();

      // `missing` counts (the insurer has none of that kind); the latest of each operation is the one that counts.
      await event(user.id, 'getPatientEOB', 'missing', t(3));
      await event(user.id, 'getPatientInformation', 'complete', t(4));
      await repository.markSyncedByFetches(user.id, 'cigna', OPERATIONS, KIND);
      expect((await repository.findLinkById(link.id))!.lastSyncedAt).toEqual(t(3));
    });

    it('ignores fetches from before the link was made (an earlier link that was removed)', async () => {
      const { user, link } = await newLink();
      const before = new Date(Date.now() - HOUR);
      await event(user.id, 'getPatientInformation', 'complete', before);
      await event(user.id, 'getPatientEOB', 'complete', before);
      await repository.markSyncedByFetches(user.id, 'cigna', OPERATIONS, KIND);
      expect((await repository.findLinkById(link.id))!.lastSyncedAt).toBeNull();
    });
  });

  it("holds one re-sync lock per link: a second taker is turned away at once, another link's is free", async () => {
    const first = await newLink();
    const second = await newLink();
    let release: () => void = () => undefined;
    const holding = repository.withSyncLock(first.link.id, () => new Promise<string>((r) => (release = () => r('done'))));
    await new Promise((r) => setTimeout(r, 100));
    await expect(repository.withSyncLock(first.link.id, async () => 'twice')).resolves.toEqual({ ran: false });
    await expect(repository.withSyncLock(second.link.id, async () => 'other')).resolves.toEqual({ ran: true, value: 'other' });
    release();
    await expect(holding).resolves.toEqual({ ran: true, value: 'done' });
    await expect(repository.withSyncLock(first.link.id, async () => 'again')).resolves.toEqual({ ran: true, value: 'again' });
  });
});
