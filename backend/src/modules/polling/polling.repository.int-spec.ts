import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createPollingEvent } from '../../../test/factories/polling-event.factory';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import { PollingEventEntity } from './entities/polling-event.entity';
import { PollingRepository } from './polling.repository';

describe('PollingRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: PollingRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([PollingEventEntity]);
    repository = new PollingRepository(dataSource.getRepository(PollingEventEntity));
  });
  afterAll(() => dataSource?.destroy());

  it('creates a pending event with database defaults', async () => {
    const owner = randomUUID();
    const created = await repository.createPending({ ownerUserId: owner, kind: 'probe', pollInterval: 750 });
    const row = await repository.findById(created.id);
    expect(row).toMatchObject({
      id: created.id,
      ownerUserId: owner,
      kind: 'probe',
      status: 'pending',
      pollInterval: 750,
      response: null,
      completedAt: null,
    });
    expect(row!.createdAt).toBeInstanceOf(Date);
  });

  it("lets a viewer see their own events and owner-less ones, a visitor owner-less ones only, never someone else's", async () => {
    const owned = await createPollingEvent(dataSource);
    const visitors = await createPollingEvent(dataSource, { ownerUserId: null });
    expect(visitors.ownerUserId).toBeNull();
    await expect(repository.findViewable(owned.id, owned.ownerUserId)).resolves.toMatchObject({ id: owned.id });
    await expect(repository.findViewable(owned.id, randomUUID())).resolves.toBeNull();
    await expect(repository.findViewable(owned.id, null)).resolves.toBeNull();
    await expect(repository.findViewable(visitors.id, null)).resolves.toMatchObject({ id: visitors.id, ownerUserId: null });
    await expect(repository.findViewable(visitors.id, randomUUID())).resolves.toMatchObject({ id: visitors.id });
  });

  it("deletes visitors' events older than the retention only, never a member's", async () => {
    const old = await createPollingEvent(dataSource, { ownerUserId: null });
    const fresh = await createPollingEvent(dataSource, { ownerUserId: null });
    const members = await createPollingEvent(dataSource);
    await dataSource.query(`UPDATE polling_events SET created_at = now() - interval '2 days' WHERE id = ANY($1)`, [[old.id, members.id]]);
    await expect(repository.deleteOwnerlessOlderThan(24 * 3600)).resolves.toBeGreaterThanOrEqual(1);
    await expect(repository.findById(old.id)).resolves.toBeNull();
    await expect(repository.findById(fresh.id)).resolves.not.toBeNull();
    await expect(repository.findById(members.id)).resolves.not.toBeNull();
  });

  it("takes the 'duplicate' status (an enrollment the coupon service already has)", async () => {
    const event = await createPollingEvent(dataSource);
    await expect(repository.completeIfPending(event.id, 'duplicate', { message: 'x' })).resolves.toBe(true);
    await expect(repository.findById(event.id)).resolves.toMatchObject({ status: 'duplicate' });
  });

  it('completes a pending event once: the first outcome wins', async () => {
    const event = await createPollingEvent(dataSource);
    await expect(repository.completeIfPending(event.id, 'complete', { rows: [{ a: 'é' }] })).resolves.toBe(true);
    await expect(repository.completeIfPending(event.id, 'failed', null)).resolves.toBe(false);
    const row = await repository.findById(event.id);
    expect(row).toMatchObject({ status: 'complete', response: { rows: [{ a: 'é' }] } });
    expect(row!.completedAt).toBeInstanceOf(Date);
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(row!.createdAt.getTime());
  });

  it('stores a missing response as SQL NULL', async () => {
    const event = await createPollingEvent(dataSource);
    await repository.completeIfPending(event.id, 'missing', null);
    const [raw] = await dataSource.query('SELECT response IS NULL AS is_null FROM polling_events WHERE id = $1', [event.id]);
    expect(raw.is_null).toBe(true);
  });

  it('rejects a status outside the contract (CHECK constraint)', async () => {
    await expect(createPollingEvent(dataSource, { status: 'done' as never })).rejects.toThrow(/chk_polling_events_status/);
  });
});
