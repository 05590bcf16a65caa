import { PlansErrorCode, PlanTexts } from '@healthlink/contracts';
import { Logger } from '@nestjs/common';
import type { ConfigService } from '@nestjs/config';
import { randomUUID } from 'node:crypto';
import { buildAccount } from '../../../../test/factories/user.factory';
import { strictMock } from '../../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../../common/errors';
import type { AppConfig } from '../../../config';
import { JobRegistry, type JobDefinition, type JobQueueService } from '../../../jobs';
import type { RateLimiter, UsersService } from '../../auth';
import { BrokerCrmError, type BrokerCrmClient, type BrokerLeadPayload } from './broker-crm.client';
import type { BrokerLead, BrokerLeadsRepository } from './broker-leads.repository';
import {
  BROKER_LEAD_FAILED,
  BROKER_LEAD_LIMIT,
  BROKER_LEAD_QUEUE,
  BROKER_LEAD_RETRY,
  BrokerLeadsService,
  STALE_LEAD_SECONDS,
  type BrokerLeadJobData,
} from './broker-leads.service';
import type { BrokerPlanLookup } from './broker-plan-lookup';
import { DeliverBrokerLeadJob } from './jobs/deliver-broker-lead.job';
import { STALE_BROKER_LEADS_CRON, STALE_BROKER_LEADS_QUEUE, StaleBrokerLeadsJob } from './jobs/stale-broker-leads.job';
import { LeadPhoneVault } from './lead-phone-vault';

const vault = new LeadPhoneVault({
  get: (key: string) => (key === 'insurers' ? { tokenEncryptionKey: Buffer.alloc(32, 5) } : undefined),
} as unknown as ConfigService<AppConfig, true>);

const PLAN = { bidId: 'H0104_012_0', name: 'Example Advantage (HMO)', carrier: 'Example Health' };

describe('BrokerLeadsService', () => {
  let leads: jest.Mocked<BrokerLeadsRepository>;
  let crm: jest.Mocked<BrokerCrmClient>;
  let plans: jest.Mocked<BrokerPlanLookup>;
  let users: jest.Mocked<UsersService>;
  let limiter: jest.Mocked<RateLimiter>;
  let queue: jest.Mocked<JobQueueService>;
  let errors: jest.Mocked<ErrorRecorder>;
  let service: BrokerLeadsService;

  beforeEach(() => {
    leads = strictMock<BrokerLeadsRepository>();
    crm = strictMock<BrokerCrmClient>();
    plans = strictMock<BrokerPlanLookup>();
    users = strictMock<UsersService>();
    limiter = strictMock<RateLimiter>();
    queue = strictMock<JobQueueService>();
    errors = strictMock<ErrorRecorder>();
    service = new BrokerLeadsService(leads, vault, crm, plans, users, limiter, queue, errors);
    for (const level of ['log', 'warn', 'error'] as const) jest.spyOn(Logger.prototype, level).mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  describe('generateLead', () => {
    const userId = randomUUID();

    const expectRefused = async (body: object, field: string, message: string | RegExp, code: string = PlansErrorCode.Validation) => {
      const error = await service.generateLead(userId, body).catch((e: unknown) => e);
      expect(error).toMatchObject({ code, fieldErrors: [{ field, message: expect.stringMatching(message) }] });
    };

    it('stores the lead with the phone sealed to it, queues its delivery and answers the spec text', async () => {
      plans.planOf.mockResolvedValue(PLAN);
      limiter.consume.mockResolvedValue(undefined);
      leads.insertPending.mockResolvedValue(undefined);
      queue.send.mockResolvedValue('job-1');

      const answer = await service.generateLead(userId, { phoneNumber: '+1 (206) 555-0142', bidId: 'h0104_012' });
      expect(answer).toEqual({ message: PlanTexts.leadSent });

      expect(limiter.consume).toHaveBeenCalledWith(BROKER_LEAD_LIMIT, userId);
      expect(plans.planOf).toHaveBeenCalledWith('H0104_012_0');
      const [row] = leads.insertPending.mock.calls[0]!;
      expect(row).toEqual({
        id: expect.any(String),
        userId,
        phoneLast4: '0142',
        phoneEnc: expect.stringMatching(/^v1\./),
        bidId: 'H0104_012_0',
      });
      expect(row.phoneEnc).not.toContain('2065550142');
      expect(vault.open(row.phoneEnc!, row.id)).toBe('2065550142');
      expect(vault.open(row.phoneEnc!, randomUUID())).toBeNull();
      expect(queue.send).toHaveBeenCalledWith(BROKER_LEAD_QUEUE, { leadId: row.id, userId });
    });

    it('takes a lead without a plan', async () => {
      limiter.consume.mockResolvedValue(undefined);
      leads.insertPending.mockResolvedValue(undefined);
      queue.send.mockResolvedValue('job-2');
      for (const bidId of [undefined, null, '']) {
        await expect(service.generateLead(userId, { phoneNumber: '2065550142', bidId })).resolves.toEqual({ message: PlanTexts.leadSent });
      }
      expect(leads.insertPending.mock.calls.map(([row]) => row.bidId)).toEqual([null, null, null]);
    });

    it('refuses a missing or malformed phone with a 400 naming phoneNumber, storing nothing and counting nothing', async () => {
      await expectRefused({}, 'phoneNumber', PlanTexts.fieldRequired);
      await expectRefused({ phoneNumber: '   ' }, 'phoneNumber', PlanTexts.fieldRequired);
      await expectRefused({ phoneNumber: '555-0142' }, 'phoneNumber', PlanTexts.phoneInvalid);
      await expectRefused({ phoneNumber: '2065550142; DROP TABLE' }, 'phoneNumber', PlanTexts.phoneInvalid);
      await expectRefused({ phoneNumber: 2065550142 }, 'phoneNumber', PlanTexts.fieldRequired);
      const error = await service.generateLead(userId, { phoneNumber: '1' }).catch((e: unknown) => e);
      expect(error).toMatchObject({ status: 400 });
      expect(leads.insertPending).not.toHaveBeenCalled();
      expect(limiter.consume).not.toHaveBeenCalled();
    });

    it('refuses a malformed bidId (400) and one no 2026 plan has (404), naming bidId', async () => {
      await expectRefused({ phoneNumber: '2065550142', bidId: 'H0104' }, 'bidId', /plan id such as/);
      await expectRefused({ phoneNumber: '2065550142', bidId: { $ne: null } }, 'bidId', /plan id such as/);
      await expectRefused({ phoneNumber: '2065550142', bidId: 'H0104_012_0'.repeat(5) }, 'bidId', /plan id such as/);
      plans.planOf.mockResolvedValue(null);
      await expectRefused({ phoneNumber: '2065550142', bidId: 'H9999_999_0' }, 'bidId', /No 2026 plan/, PlansErrorCode.PlanNotFound);
      expect(leads.insertPending).not.toHaveBeenCalled();
    });

    it('stores nothing once the member has asked too often (the limiter 429 goes through)', async () => {
      const tooMany = Object.assign(new Error('Too many attempts'), { status: 429 });
      limiter.consume.mockRejectedValue(tooMany);
      await expect(service.generateLead(userId, { phoneNumber: '2065550142' })).rejects.toBe(tooMany);
      expect(leads.insertPending).not.toHaveBeenCalled();
    });

    it('ends the lead failed (its sealed phone erased) when the job cannot be queued, and fails the request', async () => {
      limiter.consume.mockResolvedValue(undefined);
      leads.insertPending.mockResolvedValue(undefined);
      queue.send.mockRejectedValue(new Error('Job queue is not started'));
      leads.markFailed.mockResolvedValue(true);
      await expect(service.generateLead(userId, { phoneNumber: '2065550142' })).rejects.toThrow('Job queue is not started');
      expect(leads.markFailed).toHaveBeenCalledWith(leads.insertPending.mock.calls[0]![0].id, 'ENQUEUE_FAILED');
    });
  });

  describe('deliver', () => {
    const user = buildAccount({
      state: 'wa',
      postalCode: '98501-1234',
      phoneNumber: '3605550000',
      birthdate: '1950-02-03',
      gender: 'female',
    });
    const pendingLead = (overrides: Partial<BrokerLead> = {}): BrokerLead => {
      const id = randomUUID();
      return {
        id,
        userId: user.id,
        phoneLast4: '0142',
        phoneEnc: vault.seal('2065550142', id),
        bidId: PLAN.bidId,
        status: 'pending',
        attempts: 0,
        lastError: null,
        crmId: null,
        createdAt: new Date('2026-05-01T12:00:00.000Z'),
        sentAt: null,
        ...overrides,
      };
    };
    const dataOf = (lead: BrokerLead): BrokerLeadJobData => ({ leadId: lead.id, userId: lead.userId });

    beforeEach(() => {
      users.findById.mockResolvedValue(user);
      plans.planOf.mockResolvedValue(PLAN);
      leads.countAttempt.mockResolvedValue(1);
    });

    it('sends the member’s contact details and the plan, nothing else, and marks the lead sent', async () => {
      const lead = pendingLead();
      leads.findById.mockResolvedValue(lead);
      crm.sendLead.mockResolvedValue({ crmId: 'crm-9', receivedAt: null });
      leads.markSent.mockResolvedValue(true);

      await service.deliver(dataOf(lead));

      const payload: BrokerLeadPayload = crm.sendLead.mock.calls[0]![0];
      expect(payload).toEqual({
        leadId: lead.id,
        phone: '2065550142',
        firstName: user.firstName,
        lastName: user.lastName,
        email: user.email,
        state: 'WA',
        zip: '98501',
        plan: PLAN,
        createdAt: '2026-05-01T12:00:00.000Z',
      });
      // No birth date, sex, profile phone or anything of health goes to the CRM.
      expect(JSON.stringify(payload)).not.toMatch(/1950|female|3605550000/);
      expect(leads.countAttempt).toHaveBeenCalledWith(lead.id);
      expect(leads.markSent).toHaveBeenCalledWith(lead.id, 'crm-9');
    });

    it('sends null state, ZIP and plan when the profile has none usable and the lead named no plan', async () => {
      users.findById.mockResolvedValue({ ...user, state: 'Washington', postalCode: null });
      const lead = pendingLead({ bidId: null });
      leads.findById.mockResolvedValue(lead);
      crm.sendLead.mockResolvedValue({ crmId: 'crm-10', receivedAt: null });
      leads.markSent.mockResolvedValue(true);
      await service.deliver(dataOf(lead));
      expect(crm.sendLead.mock.calls[0]![0]).toMatchObject({ state: null, zip: null, plan: null });
      expect(plans.planOf).not.toHaveBeenCalled();
    });

    it('does nothing for a lead that is gone (its account deleted), ended, or someone else’s', async () => {
      leads.findById.mockResolvedValueOnce(null);
      await service.deliver({ leadId: randomUUID(), userId: user.id });
      const sent = pendingLead({ status: 'sent', phoneEnc: null, crmId: 'crm-1' });
      leads.findById.mockResolvedValueOnce(sent);
      await service.deliver(dataOf(sent));
      const other = pendingLead();
      leads.findById.mockResolvedValueOnce(other);
      await service.deliver({ leadId: other.id, userId: randomUUID() });
      expect(crm.sendLead).not.toHaveBeenCalled();
      expect(leads.countAttempt).not.toHaveBeenCalled();
      expect(errors.record).not.toHaveBeenCalled();
    });

    it('does nothing when the account went between the lead read and the user read, or the lead ended meanwhile', async () => {
      const lead = pendingLead();
      leads.findById.mockResolvedValue(lead);
      users.findById.mockResolvedValueOnce(null);
      await service.deliver(dataOf(lead));
      leads.countAttempt.mockResolvedValueOnce(null);
      await service.deliver(dataOf(lead));
      expect(crm.sendLead).not.toHaveBeenCalled();
      expect(errors.record).not.toHaveBeenCalled();
    });

    it('keeps the lead pending with the code and rethrows a transient failure (pg-boss retries)', async () => {
      const lead = pendingLead();
      leads.findById.mockResolvedValue(lead);
      const outage = new BrokerCrmError('POST /crm/leads answered 503', 'transient', 'CRM_HTTP_503', 503, 'crm.example');
      crm.sendLead.mockRejectedValue(outage);
      leads.noteError.mockResolvedValue(undefined);
      await expect(service.deliver(dataOf(lead))).rejects.toBe(outage);
      expect(leads.noteError).toHaveBeenCalledWith(lead.id, 'CRM_HTTP_503');
      expect(errors.record).not.toHaveBeenCalled();
    });

    it('ends the lead failed at once on a permanent failure, recorded with the lead id and the code only', async () => {
      const lead = pendingLead();
      leads.findById.mockResolvedValue(lead);
      crm.sendLead.mockRejectedValue(new BrokerCrmError('POST /crm/leads answered 401', 'permanent', 'CRM_HTTP_401', 401, 'crm.example'));
      leads.markFailed.mockResolvedValue(true);
      errors.record.mockResolvedValue('error-1');
      await expect(service.deliver(dataOf(lead))).resolves.toBeUndefined();
      expect(leads.markFailed).toHaveBeenCalledWith(lead.id, 'CRM_HTTP_401');
      expect(errors.record).toHaveBeenCalledWith({
        errorType: BROKER_LEAD_FAILED,
        host: 'crm.example',
        errorDetails: { leadId: lead.id, code: 'CRM_HTTP_401' },
      });
    });

    it('rethrows a failure that is not the CRM’s (the database) for the job’s retries', async () => {
      const lead = pendingLead();
      leads.findById.mockResolvedValue(lead);
      crm.sendLead.mockResolvedValue({ crmId: 'crm-11', receivedAt: null });
      leads.markSent.mockRejectedValue(new Error('connection terminated'));
      await expect(service.deliver(dataOf(lead))).rejects.toThrow('connection terminated');
    });

    it('ends the lead failed when its sealed phone does not open (another key, another row)', async () => {
      const lead = pendingLead({ phoneEnc: vault.seal('2065550142', randomUUID()) });
      leads.findById.mockResolvedValue(lead);
      leads.markFailed.mockResolvedValue(true);
      errors.record.mockResolvedValue('error-2');
      await service.deliver(dataOf(lead));
      expect(crm.sendLead).not.toHaveBeenCalled();
      expect(leads.markFailed).toHaveBeenCalledWith(lead.id, 'PHONE_UNREADABLE');
    });
  });

  describe('after the last attempt', () => {
    const data = { leadId: randomUUID(), userId: randomUUID() };

    it('ends the lead failed with the CRM’s code and records it with the lead id only', async () => {
      leads.markFailed.mockResolvedValue(true);
      errors.record.mockResolvedValue('error-3');
      await service.deliveryFailed(data, new BrokerCrmError('POST /x timed out', 'transient', 'CRM_TIMEOUT', null, 'crm.example'));
      expect(leads.markFailed).toHaveBeenCalledWith(data.leadId, 'CRM_TIMEOUT');
      expect(errors.record).toHaveBeenCalledWith({
        errorType: BROKER_LEAD_FAILED,
        host: 'crm.example',
        errorDetails: { leadId: data.leadId, code: 'CRM_TIMEOUT' },
      });
      expect(JSON.stringify(errors.record.mock.calls)).not.toContain(data.userId);
    });

    it('uses DELIVERY_FAILED for any other failure, and records nothing for a lead that had ended or is gone', async () => {
      leads.markFailed.mockResolvedValueOnce(true).mockResolvedValueOnce(false);
      errors.record.mockResolvedValue('error-4');
      await service.deliveryFailed(data, new Error('connection terminated'));
      expect(leads.markFailed).toHaveBeenLastCalledWith(data.leadId, 'DELIVERY_FAILED');
      await service.deliveryFailed(data, new Error('connection terminated'));
      expect(errors.record).toHaveBeenCalledTimes(1);
    });
  });

  it('ends leads pending past STALE_LEAD_SECONDS as DELIVERY_LOST, one error each', async () => {
    const ids = [randomUUID(), randomUUID()];
    leads.failPendingOlderThan.mockResolvedValue(ids);
    errors.record.mockResolvedValue('error-5');
    await service.endStaleLeads();
    expect(leads.failPendingOlderThan).toHaveBeenCalledWith(STALE_LEAD_SECONDS, 'DELIVERY_LOST');
    expect(errors.record.mock.calls.map(([entry]) => entry.errorDetails)).toEqual(ids.map((leadId) => ({ leadId, code: 'DELIVERY_LOST' })));
  });
});

describe('the broker lead jobs', () => {
  const definitionOf = (registry: JobRegistry, queue: string) =>
    (registry.freeze() as (JobDefinition<object> & Record<string, unknown>)[]).find((d) => d.queue === queue)!;

  it('deliver-broker-lead: retried with backoff; the handler delivers, the last failure ends the lead', async () => {
    const registry = new JobRegistry();
    const leads = { deliver: jest.fn().mockResolvedValue(undefined), deliveryFailed: jest.fn().mockResolvedValue(undefined) };
    new DeliverBrokerLeadJob(registry, leads as unknown as BrokerLeadsService).onModuleInit();
    const definition = definitionOf(registry, BROKER_LEAD_QUEUE);
    expect(definition).toMatchObject({
      retryLimit: BROKER_LEAD_RETRY.retryLimit,
      retryDelay: BROKER_LEAD_RETRY.retryDelaySeconds,
      retryBackoff: true,
    });
    const data = { leadId: randomUUID(), userId: randomUUID() };
    const job = { data, jobId: 'j', queue: BROKER_LEAD_QUEUE, retryCount: 0, retryLimit: 6, createdOn: new Date() };
    await definition.handle(job);
    expect(leads.deliver).toHaveBeenCalledWith(data);
    const error = new Error('x');
    await definition.onFailed!(job, error);
    expect(leads.deliveryFailed).toHaveBeenCalledWith(data, error);
  });

  it('broker-leads-stale: hourly, without retries', async () => {
    const registry = new JobRegistry();
    const leads = { endStaleLeads: jest.fn().mockResolvedValue(undefined) };
    new StaleBrokerLeadsJob(registry, leads as unknown as BrokerLeadsService).onModuleInit();
    const definition = definitionOf(registry, STALE_BROKER_LEADS_QUEUE);
    expect(definition).toMatchObject({ schedule: STALE_BROKER_LEADS_CRON, retryLimit: 0 });
    expect(STALE_BROKER_LEADS_CRON).toMatch(/^\d{1,2} \* \* \* \*$/);
    await definition.handle({} as never);
    expect(leads.endStaleLeads).toHaveBeenCalledTimes(1);
  });
});
