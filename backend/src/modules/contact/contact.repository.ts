import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { ContactMessageEntity } from './entities/contact-message.entity';

export type NewContactMessage = Pick<ContactMessageEntity, 'name' | 'email' | 'phoneNumber' | 'message'>;

@Injectable()
export class ContactRepository {
  constructor(@InjectRepository(ContactMessageEntity) private readonly repository: Repository<ContactMessageEntity>) {}

  async insert(message: NewContactMessage): Promise<string> {
    const result = await this.repository.insert(message);
    return result.identifiers[0].id as string;
  }

  findById(id: string): Promise<ContactMessageEntity | null> {
    return this.repository.findOneBy({ id });
  }

  async markCopySent(id: string): Promise<void> {
    await this.repository.update({ id }, { copySentAt: new Date() });
  }

  /** Account deletion: the messages sent from the account's e-mail (stored lower-case). */
  async deleteFrom(email: string, manager: EntityManager): Promise<void> {
    await manager.getRepository(ContactMessageEntity).delete({ email: email.toLowerCase() });
  }
}
