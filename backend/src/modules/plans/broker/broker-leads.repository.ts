import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { BrokerLeadEntity, type BrokerLeadStatus } from './broker-lead.entity';

/** A lead as the service reads it (the row, camelCase). */
export interface BrokerLead {
  id: string;
  userId: string;
  phoneLast4: string;
  phoneEnc: string | null;
  bidId: string | null;
  status: BrokerLeadStatus;
  attempts: number;
  lastError: string | null;
  crmId: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export type NewBrokerLead = Pick<BrokerLead, 'id' | 'userId' | 'phoneLast4' | 'phoneEnc' | 'bidId'>;

const toLead = (row: BrokerLeadEntity): BrokerLead => ({
  id: row.id,
  userId: row.userId,
  phoneLast4: row.phoneLast4,
  phoneEnc: row.phoneEnc,
  bidId: row.bidId,
  status: row.status,
  attempts: row.attempts,
  lastError: row.lastError,
  crmId: row.crmId,
  createdAt: row.createdAt,
  sentAt: row.sentAt,
});

/**
 * Every change after the insert is one conditional UPDATE on a pending lead: a second worker, a late retry or a lead
 * whose account has gone (the row with it) changes nothing, and the caller learns so from the answer.
 */
@Injectable()
export class BrokerLeadsRepository {
  constructor(@InjectRepository(BrokerLeadEntity) private readonly repository: Repository<BrokerLeadEntity>) {}

  private repo(manager?: EntityManager): Repository<BrokerLeadEntity> {
    return manager ? manager.getRepository(BrokerLeadEntity) : this.repository;
  }

  async insertPending(row: NewBrokerLead, manager?: EntityManager): Promise<void> {
    await this.repo(manager).insert({ ...row, status: 'pending', attempts: 0, lastError: null, crmId: null, sentAt: null });
  }

  async findById(id: string, manager?: EntityManager): Promise<BrokerLead | null> {
    const row = await this.repo(manager).findOneBy({ id });
    return row ? toLead(row) : null;
  }

  /** Counts a delivery attempt of a pending lead; the attempts so far, or null when the lead has ended or is gone. */
  async countAttempt(id: string, manager?: EntityManager): Promise<number | null> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ attempts: () => 'attempts + 1', updatedAt: () => 'now()' })
      .where("id = :id AND status = 'pending'", { id })
      .returning('attempts')
      .execute();
    const [row] = result.raw as { attempts: number }[];
    return row ? row.attempts : null;
  }

  /** A failed attempt that will be retried: its code, the lead still pending. */
  async noteError(id: string, code: string, manager?: EntityManager): Promise<void> {
    await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ lastError: code, updatedAt: () => 'now()' })
      .where("id = :id AND status = 'pending'", { id })
      .execute();
  }

  /** The CRM took the lead: sent, with its id, and the sealed phone erased in the same statement. */
  async markSent(id: string, crmId: string, manager?: EntityManager): Promise<boolean> {
    return this.end(id, { status: 'sent', crmId, sentAt: () => 'now()', lastError: null }, manager);
  }

  /** No more attempts: failed with the last code, and the sealed phone erased in the same statement. */
  async markFailed(id: string, code: string, manager?: EntityManager): Promise<boolean> {
    return this.end(id, { status: 'failed', lastError: code }, manager);
  }

  /**
   * Ends as `failed` (with `code`) every lead still pending `seconds` after it was asked for (its job was lost), its
   * sealed phone erased in the same statement; answers their ids.
   */
  async failPendingOlderThan(seconds: number, code: string, manager?: EntityManager): Promise<string[]> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', phoneEnc: null, lastError: code, updatedAt: () => 'now()' })
      .where("status = 'pending' AND created_at < now() - make_interval(secs => :seconds)", { seconds })
      .returning('id')
      .execute();
    return (result.raw as { id: string }[]).map((row) => row.id);
  }

  private async end(
    id: string,
    changes: { status: Exclude<BrokerLeadStatus, 'pending'>; lastError: string | null; crmId?: string; sentAt?: () => string },
    manager?: EntityManager,
  ): Promise<boolean> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ ...changes, phoneEnc: null, updatedAt: () => 'now()' })
      .where("id = :id AND status = 'pending'", { id })
      .execute();
    return (result.affected ?? 0) > 0;
  }
}
