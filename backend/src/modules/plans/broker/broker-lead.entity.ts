import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';

export const BROKER_LEAD_STATUSES = ['pending', 'sent', 'failed'] as const;
export type BrokerLeadStatus = (typeof BROKER_LEAD_STATUSES)[number];

/**
 * One broker lead a member asked for. Of the phone only its last four digits are kept for good; the number itself only
 * sealed in `phoneEnc` while the lead is pending (migration 1765100000200).
 */
@Entity({ name: 'broker_leads' })
export class BrokerLeadEntity {
  // Chosen by the service: the phone is sealed to the id before the row exists.
  @PrimaryColumn({ type: 'uuid' })
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ name: 'phone_last4', type: 'char', length: 4 })
  phoneLast4!: string;

  @Column({ name: 'phone_enc', type: 'text', nullable: true })
  phoneEnc!: string | null;

  @Column({ name: 'bid_id', type: 'text', nullable: true })
  bidId!: string | null;

  @Column({ name: 'status', type: 'text', default: 'pending' })
  status!: BrokerLeadStatus;

  @Column({ name: 'attempts', type: 'integer', default: 0 })
  attempts!: number;

  @Column({ name: 'last_error', type: 'text', nullable: true })
  lastError!: string | null;

  @Column({ name: 'crm_id', type: 'text', nullable: true })
  crmId!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'sent_at', type: 'timestamptz', nullable: true })
  sentAt!: Date | null;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
