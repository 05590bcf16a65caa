import { randomBytes } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { InsurersRepository, type LinkTokens } from './insurers.repository';
import { SEALED_PREFIX } from './token-cipher';

const INSURER = 'cigna';
const MINUTE = 60_000;

const uniqueHash = () => randomBytes(32).toString('hex');
const sealed = (label: string) => `${SEALED_PREFIX}${label}-${randomBytes(4).toString('hex')}`;
const tokens = (overrides: Partial<LinkTokens> = {}): LinkTokens => ({
  patientId: 'patient-1',
  accessTokenEnc: sealed('access'),
  refreshTokenEnc: sealed('refresh'),
  accessExpiresAt: new Date(Date.now() + 60 * MINUTE),
  scope: 'patient/*.read',
  ...overrides,
});

describe('InsurersRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: InsurersRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    repository = new InsurersRepository(dataSource);
  });
  afterAll(() => dataSource?.destroy());

  async function newState(userId: string, overrides: { insurer?: string; expiresAt?: Date } = {}) {
    const stateHash = uniqueHash();
    await repository.createState({
      stateHash,
      userId,
      insurer: overrides.insurer ?? INSURER,
      subset: null,
      codeVerifierEnc: sealed('verifier'),
      expiresAt: overrides.expiresAt ?? new Date(Date.now() + 10 * MINUTE),
    });
    return stateHash;
  }

  describe('the one-time OAuth state', () => {
    it('is spent once, by its user for its insurer, and answers the state mapped to the domain type', async () => {
      const user = await createUser(dataSource);
      const stranger = await createUser(dataSource);
      const hash = await newState(user.id);

      await expect(repository.consumeState(hash, stranger.id, INSURER)).resolves.toBeNull();
      await expect(repository.consumeState(hash, user.id, 'humana')).resolves.toBeNull();
      const state = await repository.consumeState(hash, user.id, INSURER);
      expect(state).toEqual({
        id: expect.any(String),
        userId: user.id,
        insurer: INSURER,
        subset: null,
        codeVerifierEnc: expect.stringMatching(/^v2\./),
      });
      await expect(repository.consumeState(hash, user.id, INSURER)).resolves.toBeNull();
      // The job finds it again by id after it is spent.
      await expect(repository.findState(state!.id)).resolves.toEqual(state);
    });

    it('gives nothing for an expired or unknown state', async () => {
      const user = await createUser(dataSource);
      const expired = await newState(user.id, { expiresAt: new Date(Date.now() - 1000) });
      await expect(repository.consumeState(expired, user.id, INSURER)).resolves.toBeNull();
      await expect(repository.consumeState(uniqueHash(), user.id, INSURER)).resolves.toBeNull();
    });

    it('is spent by exactly one of two concurrent callbacks', async () => {
      const user = await createUser(dataSource);
      const hash = await newState(user.id);
      const results = await Promise.all([repository.consumeState(hash, user.id, INSURER), repository.consumeState(hash, user.id, INSURER)]);
      expect(results.filter((r) => r !== null)).toHaveLength(1);
    });
  });

  describe('links', () => {
    it('upserts one row per user and insurer, keeping the patient, refresh token and scope an insurer did not resend', async () => {
      const user = await createUser(dataSource);
      const first = tokens();
      await repository.upsertLink(user.id, INSURER, null, first);
      const before = await repository.findLink(user.id, INSURER);
      expect(before).toEqual({
        id: expect.any(String),
        userId: user.id,
        insurer: INSURER,
        subset: null,
        patientId: 'patient-1',
        accessTokenEnc: first.accessTokenEnc,
        refreshTokenEnc: first.refreshTokenEnc,
        accessExpiresAt: first.accessExpiresAt,
        scope: 'patient/*.read',
        status: 'active',
        lastSyncedAt: null,
        relinkNotifiedAt: null,
      });

      const second = tokens({ patientId: null, refreshTokenEnc: null, scope: null, accessExpiresAt: null });
      await repository.upsertLink(user.id, INSURER, 'rockyMountain', second);
      const after = await repository.findLink(user.id, INSURER);
      expect(after).toEqual({ ...before, subset: 'rockyMountain', accessTokenEnc: second.accessTokenEnc, accessExpiresAt: null });
      const [{ scope, n }] = await dataSource.query(
        `SELECT max(scope) AS scope, count(*)::int AS n FROM insurer_links WHERE user_id = $1`,
        [user.id],
      );
      expect({ scope, n }).toEqual({ scope: 'patient/*.read', n: 1 });
      await expect(repository.linksOf(user.id)).resolves.toEqual([after]);
    });

    it('answers false, storing nothing, for an account deleted before its link is stored', async () => {
      const user = await createUser(dataSource);
      await expect(repository.upsertLink(user.id, INSURER, null, tokens())).resolves.toBe(true);
      await dataSource.query(`DELETE FROM users WHERE id = $1`, [user.id]);
      await expect(repository.upsertLink(user.id, INSURER, null, tokens())).resolves.toBe(false);
      await expect(repository.linksOf(user.id)).resolves.toEqual([]);
    });

    it('holds a link for one refresh at a time: a second locker waits, then reads the token the first one stored', async () => {
      const user = await createUser(dataSource);
      await repository.upsertLink(user.id, INSURER, null, tokens());
      const link = (await repository.findLink(user.id, INSURER))!;
      const refreshed = sealed('refreshed');

      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      let firstLocked!: () => void;
      const locked = new Promise<void>((r) => (firstLocked = r));
      const first = dataSource.transaction(async (manager) => {
        await repository.lockLink(link.id, manager);
        firstLocked();
        await released;
        await repository.updateAccessToken(link.id, refreshed, null, null, manager);
      });
      await locked;
      let secondDone = false;
      const second = dataSource.transaction(async (manager) => {
        const current = await repository.lockLink(link.id, manager);
        secondDone = true;
        return current;
      });
      await new Promise((r) => setTimeout(r, 300));
      expect(secondDone).toBe(false);
      release();
      await first;
      const seen = await second;
      expect(seen).toMatchObject({ id: link.id, accessTokenEnc: refreshed, refreshTokenEnc: link.refreshTokenEnc, accessExpiresAt: null });
    });

    it('counts a link usable while it has a refresh token or an unexpired access token sealed in the current format, and is not waiting for a relink', async () => {
      const user = await createUser(dataSource);
      const past = new Date(Date.now() - MINUTE);
      await repository.upsertLink(user.id, 'aetna', null, tokens({ refreshTokenEnc: null }));
      await repository.upsertLink(user.id, 'cigna', null, tokens({ accessExpiresAt: past }));
      await repository.upsertLink(user.id, 'humana', null, tokens({ refreshTokenEnc: null, accessExpiresAt: past }));
      await repository.upsertLink(user.id, 'uhc', null, tokens({ accessTokenEnc: 'v1.old-format' }));
      await repository.upsertLink(user.id, 'kaiser', null, tokens());
      await repository.markRelinkRequired((await repository.findLink(user.id, 'kaiser'))!.id);
      // The insurer refused its refresh token: not usable, whatever tokens it still holds, until linked again.
      expect((await repository.usableLinks(user.id)).sort()).toEqual(['aetna', 'cigna']);
    });

    it('deletes everything of the user it holds, and nothing of another user', async () => {
      const user = await createUser(dataSource);
      const other = await createUser(dataSource);
      for (const id of [user.id, other.id]) {
        await repository.upsertLink(id, INSURER, null, tokens());
        await newState(id);
        await repository.insertRequest({ userId: id, insurerName: 'Molina Healthcare', email: 'me@example.com' });
      }
      await repository.deleteUserData(user.id);
      for (const table of ['insurer_links', 'oauth_states', 'insurer_requests']) {
        await expect(dataSource.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [user.id])).resolves.toHaveLength(0);
        await expect(dataSource.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [other.id])).resolves.toHaveLength(1);
      }
    });
  });
});
