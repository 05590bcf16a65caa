import {
  parseBrokerPhone,
  parsePlanKey,
  PlanTexts,
  splitBidId,
  type GenerateLeadRequest,
  type GenerateLeadResponse,
  type Unchecked,
} from '@healthlink/contracts';
import { Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ErrorRecorder } from '../../../common/errors';
import { JobQueueService } from '../../../jobs';
import { RateLimiter, UsersService, type RateLimitRule, type User } from '../../auth';
import { BrokerCrmClient, BrokerCrmError, type BrokerLeadPayload } from './broker-crm.client';
import { BrokerLeadsError } from './broker-leads.errors';
import { BrokerLeadsRepository, type BrokerLead } from './broker-leads.repository';
import { BrokerPlanLookup } from './broker-plan-lookup';
import { LeadPhoneVault } from './lead-phone-vault';

/** pg-boss queue of the deliveries: one job per lead. */
export const BROKER_LEAD_QUEUE = 'broker-lead-deliver';

/** The job's data: the lead, and its owner so that an account deletion takes the job with it (JobQueueService.deleteJobsOf). */
export interface BrokerLeadJobData {
  leadId: string;
  userId: string;
}

/** A person asks a broker to call a few times at most; more is a script filling a broker's queue with calls. */
export const BROKER_LEAD_LIMIT = { name: 'broker-lead', max: 5, windowSeconds: 3600 } satisfies RateLimitRule;

/**
 * Delivery retries (pg-boss): up to 6 after the first try, the n-th about retryDelaySeconds x 2^n later (x 1 to 2,
 * jittered), so a CRM outage of up to half an hour loses no lead.
 */
export const BROKER_LEAD_RETRY = { retryLimit: 6, retryDelaySeconds: 15, retryBackoff: true } as const;

/**
 * How long a lead may stay pending before the hourly sweep ends it `failed` and erases its sealed phone: beyond the
 * longest run of retries above (about an hour at worst) with room to spare; one still pending then lost its job.
 */
export const STALE_LEAD_SECONDS = 3 * 3600;

/** `errors.error_type` of a lead that could not be delivered: its details name the lead and a code, nothing of the member. */
export const BROKER_LEAD_FAILED = 'BROKER_LEAD_FAILED';

/** Stored when a failure was not the CRM's own (the database, the vault): a code, never the error's text. */
const DELIVERY_FAILED = 'DELIVERY_FAILED';
const PHONE_UNREADABLE = 'PHONE_UNREADABLE';
const DELIVERY_LOST = 'DELIVERY_LOST';

/**
 * "Switch to this plan" -> a licensed broker calls the member (part 2 §4, §5, §7): the request is checked, stored and
 * answered at once; a job delivers it to the broker CRM's webhook with retries. The CRM gets the member's name, e-mail,
 * phone, state and ZIP and the plan named, never anything of their health.
 */
@Injectable()
export class BrokerLeadsService {
  private readonly logger = new Logger(BrokerLeadsService.name);

  constructor(
    private readonly leads: BrokerLeadsRepository,
    private readonly vault: LeadPhoneVault,
    private readonly crm: BrokerCrmClient,
    private readonly plans: BrokerPlanLookup,
    private readonly users: UsersService,
    private readonly limiter: RateLimiter,
    private readonly queue: JobQueueService,
    private readonly errors: ErrorRecorder,
  ) {}

  // ---- POST /api/eliteInsurance/generateLead ---------------------------------------------------------------------

  async generateLead(userId: string, request: Unchecked<GenerateLeadRequest>): Promise<GenerateLeadResponse> {
    const phone = parseBrokerPhone(request.phoneNumber);
    if (!phone.ok) throw BrokerLeadsError.rule(phone.problem);
    const bidId = await this.planOfRequest(request.bidId);
    await this.limiter.consume(BROKER_LEAD_LIMIT, userId);

    const id = randomUUID();
    await this.leads.insertPending({ id, userId, phoneLast4: phone.value.slice(-4), phoneEnc: this.vault.seal(phone.value, id), bidId });
    try {
      await this.queue.send(BROKER_LEAD_QUEUE, { leadId: id, userId } satisfies BrokerLeadJobData);
    } catch (error) {
      // No job will ever read the sealed number: it goes now, and the member is told it failed (500).
      await this.leads.markFailed(id, 'ENQUEUE_FAILED');
      throw error;
    }
    return { message: PlanTexts.leadSent };
  }

  /** The optional plan: absent (null), or a bidId of the catalogue, normalized ("H0104_012" -> "H0104_012_0"). */
  private async planOfRequest(value: unknown): Promise<string | null> {
    if (value === undefined || value === null || value === '') return null;
    if (typeof value !== 'string' || value.length > 40) {
      throw BrokerLeadsError.rule({ field: 'bidId', message: 'bidId must be a plan id such as H0104_012_0' });
    }
    const { hNumber, planIdentifier } = splitBidId(value.trim());
    const parsed = parsePlanKey(hNumber, planIdentifier);
    if (!parsed.ok) throw BrokerLeadsError.rule({ field: 'bidId', message: 'bidId must be a plan id such as H0104_012_0' });
    if (!(await this.plans.planOf(parsed.value))) throw BrokerLeadsError.planNotFound();
    return parsed.value;
  }

  // ---- the delivery job ------------------------------------------------------------------------------------------

  /**
   * One delivery attempt. Does nothing for a lead that is gone (its account was deleted, the row with it), no longer
   * pending (sent or failed already) or not the job's owner's. A failure a retry may help is rethrown (pg-boss retries;
   * after the last one, deliveryFailed); any other CRM failure ends the lead `failed` now.
   */
  async deliver(data: BrokerLeadJobData): Promise<void> {
    const lead = await this.leads.findById(data.leadId);
    if (!lead || lead.userId !== data.userId || lead.status !== 'pending' || !lead.phoneEnc) {
      this.logger.log({ leadId: data.leadId, status: lead?.status ?? 'gone' }, 'broker lead delivery skipped: nothing pending');
      return;
    }
    const user = await this.users.findById(lead.userId);
    if (!user) return;
    const phone = this.vault.open(lead.phoneEnc, lead.id);
    if (!phone) {
      this.logger.error({ leadId: lead.id }, 'broker lead: the sealed phone does not open (key changed?)');
      await this.fail(lead.id, PHONE_UNREADABLE, null);
      return;
    }
    const payload = await this.payloadOf(lead, user, phone);
    const attempt = await this.leads.countAttempt(lead.id);
    if (attempt === null) return;
    try {
      const receipt = await this.crm.sendLead(payload);
      await this.leads.markSent(lead.id, receipt.crmId);
      this.logger.log({ leadId: lead.id, attempt }, 'broker lead delivered');
    } catch (error) {
      if (!(error instanceof BrokerCrmError)) throw error;
      this.logger.warn(
        { leadId: lead.id, attempt, code: error.code, kind: error.kind, host: error.host, status: error.status },
        'broker lead delivery failed',
      );
      if (error.kind === 'permanent') {
        await this.fail(lead.id, error.code, error.host);
        return;
      }
      await this.leads.noteError(lead.id, error.code);
      throw error;
    }
  }

  /** The job's last attempt failed: the lead ends `failed` with the failure's code, recorded with the lead id only. */
  async deliveryFailed(data: BrokerLeadJobData, error: unknown): Promise<void> {
    const crm = error instanceof BrokerCrmError ? error : null;
    await this.fail(data.leadId, crm?.code ?? DELIVERY_FAILED, crm?.host ?? null);
  }

  /** Hourly: leads whose job was lost (a crash on the last attempt) end `failed`, their sealed phones erased. */
  async endStaleLeads(): Promise<void> {
    const ended = await this.leads.failPendingOlderThan(STALE_LEAD_SECONDS, DELIVERY_LOST);
    for (const leadId of ended) await this.record(leadId, DELIVERY_LOST, null);
    if (ended.length) this.logger.warn({ ended: ended.length }, 'broker leads still pending after three hours ended as failed');
  }

  private async payloadOf(lead: BrokerLead, user: User, phone: string): Promise<BrokerLeadPayload> {
    const plan = lead.bidId ? await this.plans.planOf(lead.bidId) : null;
    const state = user.state?.trim() ?? '';
    const zip = /^(\d{5})(-?\d{4})?$/.exec(user.postalCode?.trim() ?? '');
    return {
      leadId: lead.id,
      phone,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      state: /^[A-Za-z]{2}$/.test(state) ? state.toUpperCase() : null,
      zip: zip ? zip[1]! : null,
      plan: plan ? { bidId: plan.bidId, name: plan.name, carrier: plan.carrier } : null,
      createdAt: lead.createdAt.toISOString(),
    };
  }

  /** Ends a pending lead `failed` and records it; nothing when it had already ended or is gone. */
  private async fail(leadId: string, code: string, host: string | null): Promise<void> {
    if (await this.leads.markFailed(leadId, code)) await this.record(leadId, code, host);
  }

  private async record(leadId: string, code: string, host: string | null): Promise<void> {
    await this.errors.record({ errorType: BROKER_LEAD_FAILED, host, errorDetails: { leadId, code } });
  }
}
