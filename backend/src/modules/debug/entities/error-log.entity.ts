import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/** Any JSON value; jsonb keeps it as sent. */
export type JsonValue = object | string | number | boolean | null;

/** One row of the error log (`errors`), append-only. */
@Entity({ name: 'errors' })
export class ErrorLogEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ name: 'user_id', type: 'uuid', nullable: true })
  userId!: string | null;

  @Column({ name: 'insurer_name', type: 'text', nullable: true })
  insurerName!: string | null;

  @Column({ name: 'host', type: 'text', nullable: true })
  host!: string | null;

  @Column({ name: 'error_type', type: 'text' })
  errorType!: string;

  @Column({ name: 'error_details', type: 'jsonb', nullable: true })
  errorDetails!: JsonValue;
}
