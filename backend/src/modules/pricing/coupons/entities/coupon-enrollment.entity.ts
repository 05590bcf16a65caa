import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export const ENROLLMENT_STATUSES = ['pending', 'complete', 'incomplete', 'duplicate', 'failed'] as const;
export type EnrollmentStatus = (typeof ENROLLMENT_STATUSES)[number];

/**
 * One enrollment a member asked the coupon service for. Of the phone only its last four digits are kept (to show); the
 * number itself only sealed in `phoneEnc` while the call is pending (at most an hour: StaleEnrollmentsJob).
 */
@Entity({ name: 'coupon_enrollments' })
export class CouponEnrollmentEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'polling_event_id', type: 'uuid', nullable: true })
  pollingEventId!: string | null;

  @Column({ name: 'phone_last4', type: 'char', length: 4 })
  phoneLast4!: string;

  @Column({ name: 'phone_enc', type: 'text', nullable: true })
  phoneEnc!: string | null;

  @Column({ name: 'drug_name', type: 'text', nullable: true })
  drugName!: string | null;

  @Column({ name: 'ndc11', type: 'char', length: 11, nullable: true })
  ndc11!: string | null;

  @Column({ name: 'status', type: 'text', default: 'pending' })
  status!: EnrollmentStatus;

  @Column({ name: 'redemption_url', type: 'text', nullable: true })
  redemptionUrl!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
