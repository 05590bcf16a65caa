import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';

/**
 * Demographics of the patient as an insurer reports them (one row per source, e.g. an insurer key). An
 * entry exists once health setup is done; the profile edits it and the account record together.
 */
@Entity({ name: 'patient_info' })
export class PatientInfoEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Column({ name: 'user_id', type: 'uuid' })
  userId!: string;

  @Column({ type: 'text' })
  source!: string;

  @Column({ type: 'text', nullable: true }) email!: string | null;
  @Column({ name: 'phone_number', type: 'text', nullable: true }) phoneNumber!: string | null;
  @Column({ name: 'first_name', type: 'text', nullable: true }) firstName!: string | null;
  @Column({ name: 'last_name', type: 'text', nullable: true }) lastName!: string | null;
  @Column({ name: 'street_address', type: 'text', nullable: true }) streetAddress!: string | null;
  @Column({ type: 'text', nullable: true }) city!: string | null;
  @Column({ type: 'text', nullable: true }) district!: string | null;
  @Column({ type: 'text', nullable: true }) state!: string | null;
  @Column({ name: 'postal_code', type: 'text', nullable: true }) postalCode!: string | null;
  /** YYYY-MM-DD */
  @Column({ type: 'date', nullable: true }) birthdate!: string | null;
  @Column({ type: 'text', nullable: true }) gender!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
