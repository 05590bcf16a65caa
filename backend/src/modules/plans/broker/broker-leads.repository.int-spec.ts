import { PlanTexts } from '@healthlink/contracts';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../../test/factories/user.factory';
import { openTestDataSource } from '../../../../test/utils/test-data-source';
import { strictMock } from '../../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../../common/errors';
import type { AppConfig } from '../../../config';
import type { JobQueueService } from '../../../jobs';
import type { RateLimiter, UsersService } from '../../auth';
import { BrokerCrmError, type BrokerCrmClient } from './broker-crm.client';
import { BrokerLeadEntity } from './broker-lead.entity';
import { BrokerLeadsRepository, type NewBrokerLead } from './broker-leads.repository';
import { BrokerLeadsService, type BrokerLeadJobData } from './broker-leads.service';
import type { BrokerPlanLookup } from './broker-plan-lookup';
import { LeadPhoneVault } from './lead-phone-vault';

describe('BrokerLeadsRepository (PostgreSQL)', () => {
  let dataSource: DataSource;
  let repository: BrokerLeadsRepository;

  beforeAll(async () => {
    dataSource = await openTestDataSource([BrokerLeadEntity]);
    repository = new BrokerLeadsRepository(dataSource.getRepository(BrokerLeadEntity));
  });
  afterAll(() => dataSource?.destroy());

  const lead = (userId: string, overrides: Partial<NewBrokerLead> = {}): NewBrokerLead => ({
    id: randomUUID(),
    userId,
    phoneLast4: '0142',
    phoneEnc: 'v1.sealed',
    bidId: 'H0104_012_0',
    ...overrides,
  });
  const xminOf = async (id: string): Promise<string> =>
    (await dataSource.query('SELECT xmin::text AS xmin FROM broker_leads WHERE id = $1', [id]))[0].xmin;

  it('stores a pending lead and reads it back in camelCase', async () => {
    const user = await createUser(dataSource);
    const row = lead(user.id);
    await repository.insertPending(row);
    expect(await repository.findById(row.id)).toEqual({
      ...row,
      status: 'pending',
      attempts: 0,
      lastError: null,
      crmId: null,
      createdAt: expect.any(Date),
      sentAt: null,
    });
    await expect(repository.findById(randomUUID())).resolves.toBeNull();
  });

  it('counts attempts and notes codes while pending; sends once, erasing the phone; later changes change nothing', async () => {
    const user = await createUser(dataSource);
    const row = lead(user.id);
    await repository.insertPending(row);
    await expect(repository.countAttempt(row.id)).resolves.toBe(1);
    await repository.noteError(row.id, 'CRM_HTTP_503');
    await expect(repository.countAttempt(row.id)).resolves.toBe(2);
    expect(await repository.findById(row.id)).toMatchObject({ status: 'pending', attempts: 2, lastError: 'CRM_HTTP_503' });

    await expect(repository.markSent(row.id, 'crm-123')).resolves.toBe(true);
    const sent = await xminOf(row.id);
    expect(await repository.findById(row.id)).toMatchObject({
      status: 'sent',
      crmId: 'crm-123',
      sentAt: expect.any(Date),
      phoneEnc: null,
      lastError: null,
      phoneLast4: '0142',
      attempts: 2,
    });
    await expect(repository.markFailed(row.id, 'CRM_TIMEOUT')).resolves.toBe(false);
    await expect(repository.markSent(row.id, 'crm-456')).resolves.toBe(false);
    await expect(repository.countAttempt(row.id)).resolves.toBeNull();
    await repository.noteError(row.id, 'CRM_TIMEOUT');
    expect(await xminOf(row.id)).toBe(sent);
  });

  it('fails a lead with its code and the phone erased, once', async () => {
    const user = await createUser(dataSource);
    const row = lead(user.id, { bidId: null });
    await repository.insertPending(row);
    await expect(repository.markFailed(row.id, 'CRM_HTTP_401')).resolves.toBe(true);
    expect(await repository.findById(row.id)).toMatchObject({ status: 'failed', lastError: 'CRM_HTTP_401', phoneEnc: null, sentAt: null });
    const failed = await xminOf(row.id);
    await expect(repository.markFailed(row.id, 'CRM_TIMEOUT')).resolves.toBe(false);
    expect(await xminOf(row.id)).toBe(failed);
  });

  it('refuses what the table must never hold (CHECK constraints)', async () => {
    const user = await createUser(dataSource);
    const row = lead(user.id);
    await repository.insertPending(row);
    await repository.markFailed(row.id, 'CRM_HTTP_400');
    await expect(dataSource.query(`UPDATE broker_leads SET phone_enc = 'v1.x' WHERE id = $1`, [row.id])).rejects.toThrow(
      /chk_broker_leads_phone_enc/,
    );
    await expect(dataSource.query(`UPDATE broker_leads SET status = 'queued' WHERE id = $1`, [row.id])).rejects.toThrow(
      /chk_broker_leads_status/,
    );
    await expect(dataSource.query(`UPDATE broker_leads SET last_error = '{"phone":"2065550142"}' WHERE id = $1`, [row.id])).rejects.toThrow(
      /chk_broker_leads_last_error/,
    );
    await expect(dataSource.query(`UPDATE broker_leads SET status = 'sent' WHERE id = $1`, [row.id])).rejects.toThrow(
      /chk_broker_leads_sent/,
    );
    await expect(repository.insertPending(lead(user.id, { phoneLast4: '01a2' }))).rejects.toThrow(/chk_broker_leads_phone_last4/);
    await expect(repository.insertPending(lead(user.id, { bidId: 'H0104' }))).rejects.toThrow(/chk_broker_leads_bid_id/);
  });

  it('ends leads pending longer than the limit as failed with the phone erased; nothing newer or ended', async () => {
    const user = await createUser(dataSource);
    const [stale, fresh, sent] = [lead(user.id), lead(user.id), lead(user.id)];
    for (const row of [stale, fresh, sent]) await repository.insertPending(row);
    await repository.markSent(sent.id, 'crm-1');
    await dataSource.query(`UPDATE broker_leads SET created_at = now() - interval '181 minutes' WHERE id = ANY($1)`, [[stale.id, sent.id]]);
    await dataSource.query(`UPDATE broker_leads SET created_at = now() - interval '179 minutes' WHERE id = $1`, [fresh.id]);

    const ended = await repository.failPendingOlderThan(3 * 3600, 'DELIVERY_LOST');
    expect(ended).toContain(stale.id);
    expect(ended).not.toContain(fresh.id);
    expect(ended).not.toContain(sent.id);
    expect(await repository.findById(stale.id)).toMatchObject({ status: 'failed', lastError: 'DELIVERY_LOST', phoneEnc: null });
    expect(await repository.findById(fresh.id)).toMatchObject({ status: 'pending', phoneEnc: 'v1.sealed' });
    expect(await repository.findById(sent.id)).toMatchObject({ status: 'sent', crmId: 'crm-1' });
  });

  it('has the partial index the pending sweep reads', async () => {
    const indexes: { indexdef: string }[] = await dataSource.query(
      `SELECT indexdef FROM pg_indexes WHERE tablename = 'broker_leads' AND indexname = 'idx_broker_leads_pending'`,
    );
    expect(indexes[0]?.indexdef).toMatch(/\(created_at\) WHERE \(status = 'pending'::text\)/);
  });

  it('goes with the account: deleting the user deletes its leads (ON DELETE CASCADE)', async () => {
    const user = await createUser(dataSource);
    const row = lead(user.id);
    await repository.insertPending(row);
    await dataSource.query('DELETE FROM users WHERE id = $1', [user.id]);
    expect(await repository.findById(row.id)).toBeNull();
    await expect(repository.countAttempt(row.id)).resolves.toBeNull();
    await expect(repository.markSent(row.id, 'crm-1')).resolves.toBe(false);
    await expect(repository.markFailed(row.id, 'CRM_TIMEOUT')).resolves.toBe(false);
  });

  it('refuses a lead for a user that does not exist', async () => {
    await expect(repository.insertPending(lead(randomUUID()))).rejects.toThrow(/fk_broker_leads_user/);
  });

  describe('a delivery job that runs after the account was deleted', () => {
    it('does nothing: no call to the CRM, no error recorded, no row', async () => {
      jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
      const vault = new LeadPhoneVault({
        get: (key: string) => (key === 'insurers' ? { tokenEncryptionKey: Buffer.alloc(32, 3) } : undefined),
      } as unknown as ConfigService<AppConfig, true>);
      // Strict mocks: a call to the CRM, the user lookup or the error log fails the test.
      const crm = strictMock<BrokerCrmClient>();
      const errors = strictMock<ErrorRecorder>();
      const users = strictMock<UsersService>();
      const limiter = strictMock<RateLimiter>();
      const queue = strictMock<JobQueueService>();
      limiter.consume.mockResolvedValue(undefined);
      queue.send.mockResolvedValue('job-1');
      const service = new BrokerLeadsService(repository, vault, crm, strictMock<BrokerPlanLookup>(), users, limiter, queue, errors);

      const user = await createUser(dataSource);
      await expect(service.generateLead(user.id, { phoneNumber: '(206) 555-0142' })).resolves.toEqual({ message: PlanTexts.leadSent });
      const data = queue.send.mock.calls[0]![1] as BrokerLeadJobData;
      expect(await repository.findById(data.leadId)).toMatchObject({ status: 'pending', userId: user.id });

      await dataSource.query('DELETE FROM users WHERE id = $1', [user.id]);

      await expect(service.deliver(data)).resolves.toBeUndefined();
      await expect(
        service.deliveryFailed(data, new BrokerCrmError('POST /crm/leads answered 503', 'transient', 'CRM_HTTP_503', 503, 'crm.example')),
      ).resolves.toBeUndefined();
      expect(crm.sendLead).not.toHaveBeenCalled();
      expect(users.findById).not.toHaveBeenCalled();
      expect(errors.record).not.toHaveBeenCalled();
      expect(await dataSource.query('SELECT 1 FROM broker_leads WHERE id = $1', [data.leadId])).toEqual([]);
      jest.restoreAllMocks();
    });
  });
});
