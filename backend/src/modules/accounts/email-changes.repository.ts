import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { EmailChangeEntity } from './entities/email-change.entity';

/** A live request to change the sign-in e-mail. */
export interface PendingEmailChange {
  id: string;
  userId: string;
  newEmail: string;
  codeHash: string;
}

@Injectable()
export class EmailChangesRepository {
  constructor(@InjectRepository(EmailChangeEntity) private readonly repository: Repository<EmailChangeEntity>) {}

  /** A new code replaces any earlier request of the user that was not used yet. */
  async replace(change: Omit<PendingEmailChange, 'id'>, codeExpiresAt: Date): Promise<void> {
    await this.repository.manager.transaction(async (manager) => {
      await this.endAllOf(change.userId, manager);
      await manager.insert(EmailChangeEntity, { ...change, codeExpiresAt });
    });
  }

  /** The user's live request (not used, not expired), if any. */
  async findLive(userId: string): Promise<PendingEmailChange | null> {
    const row = await this.repository
      .createQueryBuilder('c')
      .where('c.userId = :userId AND c.usedAt IS NULL AND c.codeExpiresAt > now()', { userId })
      .orderBy('c.createdAt', 'DESC')
      .getOne();
    return row ? { id: row.id, userId: row.userId, newEmail: row.newEmail, codeHash: row.codeHash } : null;
  }

  /** Counts one try atomically; answers the count after it, or null when the request is spent. */
  async countAttempt(id: string): Promise<number | null> {
    const result = await this.repository
      .createQueryBuilder()
      .update(EmailChangeEntity)
      .set({ attempts: () => 'attempts + 1' })
      .where('id = :id AND used_at IS NULL', { id })
      .returning(['attempts'])
      .execute();
    return (result.raw as { attempts: number }[])[0]?.attempts ?? null;
  }

  /** Spends the request once: answers false when it was already spent. */
  async markUsed(id: string, manager?: EntityManager): Promise<boolean> {
    const result = await (manager ?? this.repository.manager)
      .createQueryBuilder()
      .update(EmailChangeEntity)
      .set({ usedAt: () => 'now()' })
      .where('id = :id AND used_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  async endAllOf(userId: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.repository.manager)
      .createQueryBuilder()
      .update(EmailChangeEntity)
      .set({ usedAt: () => 'now()' })
      .where('user_id = :userId AND used_at IS NULL', { userId })
      .execute();
  }
}
