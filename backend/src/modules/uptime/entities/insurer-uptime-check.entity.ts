import type { UptimeStatus } from '@healthlink/contracts';
import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** One insurer's result in one scheduled uptime run (migration 1765100000600). Rows are written once, never updated. */
@Entity({ name: 'insurer_uptime_checks' })
export class InsurerUptimeCheckEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** The catalogue id (`uhc`, `molina`). */
  @Column({ name: 'insurer', type: 'text' })
  insurer!: string;

  @Column({ name: 'status', type: 'text' })
  status!: UptimeStatus;

  @Column({ name: 'response_time_ms', type: 'integer', nullable: true })
  responseTimeMs!: number | null;

  @Column({ name: 'message', type: 'text' })
  message!: string;

  @Column({ name: 'checked_at', type: 'timestamptz' })
  checkedAt!: Date;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
