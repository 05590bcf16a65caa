import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { EntityManager, Repository } from 'typeorm';
import { SessionEndReason, SessionEntity } from './entities/session.entity';
import type { PendingTouch, SessionLife } from './session-cache';

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
   * the idle limit. Answers what is left of its life (null when it is dead). The write is skipped while the
   * last one is recent.
   */
  async touchIfAlive(id: string, userId: string, idleSeconds: number, touchAfterSeconds: number): Promise<SessionLife | null> {
    const rows: { idle_left: number; expires_left: number; seen_ago: number }[] = await this.repository.query(
      `WITH alive AS (
         SELECT id, last_seen_at, expires_at FROM sessions
         WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND expires_at > now()
           AND last_seen_at > now() - make_interval(secs => $3)
       ), touched AS (
         UPDATE sessions s SET last_seen_at = now() FROM alive
         WHERE s.id = alive.id AND alive.last_seen_at < now() - make_interval(secs => $4)
         RETURNING s.last_seen_at
       ), seen AS (
         SELECT COALESCE((SELECT last_seen_at FROM touched), alive.last_seen_at) AS at, alive.expires_at FROM alive
       )
       SELECT extract(epoch FROM at + make_interval(secs => $3) - now())::float8 AS idle_left,
              extract(epoch FROM expires_at - now())::float8 AS expires_left,
              extract(epoch FROM now() - at)::float8 AS seen_ago
       FROM seen`,
      [id, userId, idleSeconds, touchAfterSeconds],
    );
    if (rows.length === 0) return null;
    const [row] = rows;
    return { userId, idleLeftSeconds: row.idle_left, expiresLeftSeconds: row.expires_left, seenAgoSeconds: row.seen_ago };
  }

  /**
   * Writes requests answered without a query to last_seen_at, in one statement: each moves it forward to the
   * time of the request (never back), for sessions that were alive then. Answers how many it moved.
   */
  async touchSeen(touches: PendingTouch[], idleSeconds: number): Promise<number> {
    if (touches.length === 0) return 0;
    const result: [unknown[], number] = await this.repository.query(
      `UPDATE sessions s SET last_seen_at = t.at
       FROM (SELECT id, now() - make_interval(secs => ago) AS at FROM unnest($1::uuid[], $2::float8[]) AS u(id, ago)) t
       WHERE s.id = t.id AND s.revoked_at IS NULL AND s.expires_at > t.at
         AND s.last_seen_at < t.at AND s.last_seen_at > t.at - make_interval(secs => $3)`,
      [touches.map((t) => t.sessionId), touches.map((t) => t.agoSeconds), idleSeconds],
    );
    return result[1];
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
