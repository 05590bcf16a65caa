import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { PasswordResetEntity } from './entities/password-reset.entity';

/** A recovery code that can still be tried. */
export interface LiveResetCode {
  id: string;
  userId: string;
  codeHash: string;
}

@Injectable()
export class PasswordResetsRepository {
  constructor(@InjectRepository(PasswordResetEntity) private readonly repository: Repository<PasswordResetEntity>) {}

  /** A new code replaces any earlier one that was not used yet. */
  async replaceCode(userId: string, codeHash: string, codeExpiresAt: Date): Promise<void> {
    await this.repository.manager.transaction(async (manager) => {
      await manager
        .createQueryBuilder()
        .update(PasswordResetEntity)
        .set({ usedAt: () => 'now()' })
        .where('user_id = :userId AND used_at IS NULL', { userId })
        .execute();
      await manager.insert(PasswordResetEntity, { userId, codeHash, codeExpiresAt });
    });
  }

  /** The user's live code (not used, not verified, not expired), if any. */
  async findLiveCode(userId: string): Promise<LiveResetCode | null> {
    const row = await this.repository
      .createQueryBuilder('r')
      .where('r.user_id = :userId AND r.used_at IS NULL AND r.verified_at IS NULL AND r.code_expires_at > now()', { userId })
      .orderBy('r.created_at', 'DESC')
      .getOne();
    return row ? { id: row.id, userId: row.userId, codeHash: row.codeHash } : null;
  }

  /** Counts one try atomically; answers the count after it, or null when the code is gone. */
  async countAttempt(id: string): Promise<number | null> {
    // TypeORM answers an UPDATE ... RETURNING as [rows, affected].
    const [rows]: [{ attempts: number }[], number] = await this.repository.query(
      `UPDATE password_resets SET attempts = attempts + 1 WHERE id = $1 AND used_at IS NULL AND verified_at IS NULL RETURNING attempts`,
      [id],
    );
    return rows[0]?.attempts ?? null;
  }

  async markUsed(id: string): Promise<void> {
    await this.repository.update({ id }, { usedAt: new Date() });
  }

  /** Verifies the code once: answers false when another request got there first. */
  async markVerified(id: string, tempTokenHash: string, tempTokenExpiresAt: Date): Promise<boolean> {
    const result = await this.repository
      .createQueryBuilder()
      .update(PasswordResetEntity)
      .set({ verifiedAt: () => 'now()', tempTokenHash, tempTokenExpiresAt })
      .where('id = :id AND verified_at IS NULL AND used_at IS NULL', { id })
      .execute();
    return (result.affected ?? 0) === 1;
  }

  /** Ends every code and temp token of the user that is not used yet. */
  async endAllOf(userId: string, manager?: EntityManager): Promise<void> {
    await (manager ?? this.repository.manager)
      .createQueryBuilder()
      .update(PasswordResetEntity)
      .set({ usedAt: () => 'now()' })
      .where('user_id = :userId AND used_at IS NULL', { userId })
      .execute();
  }

  /** Spends a temp token: answers its user when it was live, in the caller's transaction. */
  async consumeTempToken(tempTokenHash: string, manager: EntityManager): Promise<string | null> {
    const [rows]: [{ user_id: string }[], number] = await manager.query(
      `UPDATE password_resets SET used_at = now()
       WHERE temp_token_hash = $1 AND used_at IS NULL AND temp_token_expires_at > now()
       RETURNING user_id`,
      [tempTokenHash],
    );
    return rows[0]?.user_id ?? null;
  }
}
