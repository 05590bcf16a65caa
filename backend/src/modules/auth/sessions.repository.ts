import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { SessionEndReason, SessionEntity } from './entities/session.entity';

/** A server-side session as its callers see it. */
export interface Session {
  id: string;
  userId: string;
  expiresAt: Date;
}

export interface NewSession {
  userId: string;
  expiresAt: Date;
  ip: string | null;
  userAgent: string | null;
}

@Injectable()
export class SessionsRepository {
  constructor(@InjectRepository(SessionEntity) private readonly repository: Repository<SessionEntity>) {}

  private repo(manager?: EntityManager): Repository<SessionEntity> {
    return manager ? manager.getRepository(SessionEntity) : this.repository;
  }

  async insert(session: NewSession, manager?: EntityManager): Promise<Session> {
    const result = await this.repo(manager).insert({ ...session, lastSeenAt: new Date() });
    return { id: result.identifiers[0].id as string, userId: session.userId, expiresAt: session.expiresAt };
  }

  /**
   * Marks the session seen now when it is alive: not revoked, not past its absolute expiry and seen within
   * the idle limit. Answers whether it was alive. The write is skipped while the last one is recent.
   */
  async touchIfAlive(id: string, userId: string, idleSeconds: number, touchAfterSeconds: number): Promise<boolean> {
    const rows: { touched: boolean }[] = await this.repository.query(
      `WITH alive AS (
         SELECT id, last_seen_at FROM sessions
         WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
           AND last_seen_at > now() - make_interval(secs => $3)
       ), touched AS (
         UPDATE sessions s SET last_seen_at = now() FROM alive
         WHERE s.id = alive.id AND alive.last_seen_at < now() - make_interval(secs => $4)
         RETURNING s.id
       )
       SELECT EXISTS (SELECT 1 FROM touched) AS touched FROM alive`,
      [id, userId, idleSeconds, touchAfterSeconds],
    );
    return rows.length > 0;
  }

  async revoke(id: string, userId: string, reason: SessionEndReason): Promise<void> {
    await this.repository
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: () => 'now()', revokedReason: reason })
      .where('id = :id AND user_id = :userId AND revoked_at IS NULL', { id, userId })
      .execute();
  }

  /** Ends every live session of the user, but the one kept (a password change keeps the current one). */
  async revokeAllOf(userId: string, reason: SessionEndReason, keepSessionId?: string, manager?: EntityManager): Promise<number> {
    const query = this.repo(manager)
      .createQueryBuilder()
      .update(SessionEntity)
      .set({ revokedAt: () => 'now()', revokedReason: reason })
      .where('user_id = :userId AND revoked_at IS NULL', { userId });
    if (keepSessionId) query.andWhere('id <> :keepSessionId', { keepSessionId });
    const result = await query.execute();
    return result.affected ?? 0;
  }
}
