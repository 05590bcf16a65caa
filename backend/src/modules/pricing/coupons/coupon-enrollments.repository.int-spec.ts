import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../../test/factories/user.factory';
import { openTestDataSource } from '../../../../test/utils/test-data-source';
import { CouponEnrollmentsRepository, type NewCouponEnrollment } from './coupon-enrollments.repository';
import { CouponEnrollmentEntity } from './entities/coupon-enrollment.entity';

describe('CouponEnrollmentsRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: CouponEnrollmentsRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([CouponEnrollmentEntity]);
    repository = new CouponEnrollmentsRepository(dataSource.getRepository(CouponEnrollmentEntity));
  });
  afterAll(() => dataSource?.destroy());

  const enrollment = (userId: string, overrides: Partial<NewCouponEnrollment> = {}): NewCouponEnrollment => ({
    id: randomUUID(),
    userId,
    phoneLast4: '0142',
    phoneEnc: 'v1.sealed',
    drugName: 'Lipitor',
    ndc11: '58151015577',
    ...overrides,
  });
  const xminOf = async (id: string): Promise<string> =>
    (await dataSource.query('SELECT xmin::text AS xmin FROM coupon_enrollments WHERE id = $1', [id]))[0].xmin;

  it('stores a pending enrollment and reads it back in camelCase', async () => {
    const user = await createUser(dataSource);
    const row = enrollment(user.id);
    await repository.insertPending(row);
    const pollingEventId = randomUUID();
    await repository.attachPollingEvent(row.id, pollingEventId);
    expect(await repository.findById(row.id)).toEqual({
      ...row,
      pollingEventId,
      status: 'pending',
      redemptionUrl: null,
      createdAt: expect.any(Date),
    });
  });

  it('finishes once: the answer and the erased phone in one statement; a second finish changes nothing', async () => {
    const user = await createUser(dataSource);
    const row = enrollment(user.id);
    await repository.insertPending(row);
    await expect(repository.finish(row.id, { status: 'complete', redemptionUrl: 'https://coupons.example/redeem/a' })).resolves.toBe(true);
    const finished = await xminOf(row.id);
    await expect(repository.finish(row.id, { status: 'failed' })).resolves.toBe(false);
    expect(await xminOf(row.id)).toBe(finished);
    expect(await repository.findById(row.id)).toMatchObject({
      status: 'complete',
      phoneEnc: null,
      redemptionUrl: 'https://coupons.example/redeem/a',
    });
  });

  it('refuses a sealed phone on an enrollment that has ended, a bad last-4 and an unknown status (CHECK constraints)', async () => {
    const user = await createUser(dataSource);
    const row = enrollment(user.id);
    await repository.insertPending(row);
    await repository.finish(row.id, { status: 'duplicate' });
    await expect(dataSource.query(`UPDATE coupon_enrollments SET phone_enc = 'v1.x' WHERE id = $1`, [row.id])).rejects.toThrow(
      /chk_coupon_enrollments_phone_enc/,
    );
    await expect(repository.insertPending(enrollment(user.id, { phoneLast4: '01a2' }))).rejects.toThrow(
      /chk_coupon_enrollments_phone_last4/,
    );
    await expect(dataSource.query(`UPDATE coupon_enrollments SET status = 'created' WHERE id = $1`, [row.id])).rejects.toThrow(
      /chk_coupon_enrollments_status/,
    );
  });

  it('ends enrollments pending longer than the limit as failed with the sealed phone erased; nothing newer or ended', async () => {
    const user = await createUser(dataSource);
    const stale = enrollment(user.id);
    const staleWithoutEvent = enrollment(user.id, { drugName: null, ndc11: null });
    const fresh = enrollment(user.id);
    const answered = enrollment(user.id);
    for (const row of [stale, staleWithoutEvent, fresh, answered]) await repository.insertPending(row);
    const pollingEventId = randomUUID();
    await repository.attachPollingEvent(stale.id, pollingEventId);
    await repository.finish(answered.id, { status: 'complete', redemptionUrl: 'https://coupons.example/redeem/b' });
    await dataSource.query(`UPDATE coupon_enrollments SET created_at = now() - interval '61 minutes' WHERE id = ANY($1)`, [
      [stale.id, staleWithoutEvent.id, answered.id],
    ]);
    await dataSource.query(`UPDATE coupon_enrollments SET created_at = now() - interval '59 minutes' WHERE id = $1`, [fresh.id]);

    const ended = await repository.failPendingOlderThan(3600);
    expect(ended.filter((e) => [stale.id, staleWithoutEvent.id].includes(e.id))).toEqual(
      expect.arrayContaining([
        { id: stale.id, pollingEventId },
        { id: staleWithoutEvent.id, pollingEventId: null },
      ]),
    );
    expect(ended.map((e) => e.id)).not.toContain(fresh.id);
    expect(ended.map((e) => e.id)).not.toContain(answered.id);
    for (const id of [stale.id, staleWithoutEvent.id]) {
      expect(await repository.findById(id)).toMatchObject({ status: 'failed', phoneEnc: null, redemptionUrl: null });
    }
    expect(await repository.findById(fresh.id)).toMatchObject({ status: 'pending', phoneEnc: 'v1.sealed' });
    expect(await repository.findById(answered.id)).toMatchObject({ status: 'complete', redemptionUrl: 'https://coupons.example/redeem/b' });
    // A job answering late finds it ended: the first outcome stays.
    await expect(repository.finish(stale.id, { status: 'complete', redemptionUrl: 'https://coupons.example/redeem/c' })).resolves.toBe(
      false,
    );
    await expect(repository.failPendingOlderThan(3600)).resolves.not.toContainEqual(expect.objectContaining({ id: stale.id }));
  });

  it('goes with the account: deleting the user deletes its enrollments (ON DELETE CASCADE)', async () => {
    const user = await createUser(dataSource);
    const row = enrollment(user.id);
    await repository.insertPending(row);
    await dataSource.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await repository.findById(row.id)).toBeNull();
  });

  it('refuses an enrollment for a user that does not exist', async () => {
    await expect(repository.insertPending(enrollment(randomUUID()))).rejects.toThrow(/fk_coupon_enrollments_user/);
  });
});
