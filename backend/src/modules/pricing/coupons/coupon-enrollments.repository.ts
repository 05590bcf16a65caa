import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { CouponEnrollmentEntity, type EnrollmentStatus } from './entities/coupon-enrollment.entity';

/** An enrollment as the service reads it (the row, camelCase). */
export interface CouponEnrollment {
  id: string;
  userId: string;
  pollingEventId: string | null;
  phoneLast4: string;
  phoneEnc: string | null;
  drugName: string | null;
  ndc11: string | null;
  status: EnrollmentStatus;
  redemptionUrl: string | null;
  createdAt: Date;
}

export type NewCouponEnrollment = Pick<CouponEnrollment, 'id' | 'userId' | 'phoneLast4' | 'phoneEnc' | 'drugName' | 'ndc11'>;

const toEnrollment = (row: CouponEnrollmentEntity): CouponEnrollment => ({
  id: row.id,
  userId: row.userId,
  pollingEventId: row.pollingEventId,
  phoneLast4: row.phoneLast4,
  phoneEnc: row.phoneEnc,
  drugName: row.drugName,
  ndc11: row.ndc11,
  status: row.status,
  redemptionUrl: row.redemptionUrl,
  createdAt: row.createdAt,
});

@Injectable()
export class CouponEnrollmentsRepository {
  constructor(@InjectRepository(CouponEnrollmentEntity) private readonly repository: Repository<CouponEnrollmentEntity>) {}

  private repo(manager?: EntityManager): Repository<CouponEnrollmentEntity> {
    return manager ? manager.getRepository(CouponEnrollmentEntity) : this.repository;
  }

  /** A pending enrollment (its id chosen by the caller: the phone is sealed to it before the row exists). */
  async insertPending(row: NewCouponEnrollment, manager?: EntityManager): Promise<void> {
    await this.repo(manager).insert({ ...row, status: 'pending', redemptionUrl: null, pollingEventId: null });
  }

  async attachPollingEvent(id: string, pollingEventId: string, manager?: EntityManager): Promise<void> {
    await this.repo(manager).update({ id }, { pollingEventId });
  }

  async findById(id: string, manager?: EntityManager): Promise<CouponEnrollment | null> {
    const row = await this.repo(manager).findOneBy({ id });
    return row ? toEnrollment(row) : null;
  }

  /**
   * Ends a pending enrollment with the coupon service's answer and erases the sealed phone in the same statement;
   * false when it had already ended (a second worker, a late retry).
   */
  async finish(
    id: string,
    outcome: { status: Exclude<EnrollmentStatus, 'pending'>; redemptionUrl?: string | null },
    manager?: EntityManager,
  ): Promise<boolean> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ status: outcome.status, redemptionUrl: outcome.redemptionUrl ?? null, phoneEnc: null, updatedAt: () => 'now()' })
      .where('id = :id AND status = :pending', { id, pending: 'pending' })
      .execute();
    return (result.affected ?? 0) > 0;
  }

  /**
   * Ends as `failed` every enrollment still pending `seconds` after it was asked for (its job died or was lost) and
   * erases its sealed phone in the same statement; answers the ended ones' polling events.
   */
  async failPendingOlderThan(seconds: number, manager?: EntityManager): Promise<{ id: string; pollingEventId: string | null }[]> {
    const result = await this.repo(manager)
      .createQueryBuilder()
      .update()
      .set({ status: 'failed', phoneEnc: null, updatedAt: () => 'now()' })
      .where("status = 'pending' AND created_at < now() - make_interval(secs => :seconds)", { seconds })
      .returning('id, polling_event_id')
      .execute();
    return (result.raw as { id: string; polling_event_id: string | null }[]).map((row) => ({
      id: row.id,
      pollingEventId: row.polling_event_id,
    }));
  }
}
