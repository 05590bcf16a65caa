import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

export type StaffQueryOutcome = 'running' | 'refused' | 'failed' | 'ok';

/** One SQL text a staff member sent to the query tool (`staff_queries`): the audit of who read what, and when. */
@Entity({ name: 'staff_queries' })
export class StaffQueryEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  /** Null once the staff member's account is deleted. */
  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'sql', type: 'text' })
  sql!: string;

  @Column({ name: 'outcome', type: 'text' })
  outcome!: StaffQueryOutcome;

  /** The gate's reason for a refusal, or the SQLSTATE of a failure. */
  @Column({ name: 'detail', type: 'text', nullable: true })
  detail!: string | null;

  @Column({ name: 'row_count', type: 'integer', nullable: true })
  rowCount!: number | null;

  @Column({ name: 'duration_ms', type: 'integer', nullable: true })
  durationMs!: number | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
