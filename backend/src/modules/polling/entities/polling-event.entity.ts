import type { PollingStatus } from '@healthlink/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

@Entity({ name: 'polling_events' })
export class PollingEventEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Null for a visitor's event (a public coupon search): readable by whoever holds its id. */
  @Column({ name: 'owner_user_id', type: 'uuid', nullable: true })
  ownerUserId!: string | null;

  @Column({ name: 'kind', type: 'text' })
  kind!: string;

  @Column({ name: 'status', type: 'text', default: 'pending' })
  status!: PollingStatus;

  /** Milliseconds the browser waits between polls. */
  @Column({ name: 'poll_interval', type: 'integer', default: 1000 })
  pollInterval!: number;

  @Column({ name: 'response', type: 'jsonb', nullable: true })
  response!: unknown;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;

  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;
}
