import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

@Entity({ name: 'contact_messages' })
export class ContactMessageEntity {
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @Column({ type: 'text', nullable: true })
  name!: string | null;

  @Column({ type: 'text' })
  email!: string;

  @Column({ name: 'phone_number', type: 'text', nullable: true })
  phoneNumber!: string | null;

  @Column({ type: 'text' })
  message!: string;

  @Column({ name: 'copy_sent_at', type: 'timestamptz', nullable: true })
  copySentAt!: Date | null;
}
