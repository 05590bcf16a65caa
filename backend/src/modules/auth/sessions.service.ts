import { INACTIVITY_LOGOUT_MS } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { SessionValidator } from '../../common/ports';
import type { AppConfig } from '../../config';
import type { AuthenticatedUser } from './authenticated-user';
import type { SessionEndReason } from './entities/session.entity';
import { SessionsRepository } from './sessions.repository';
import { TokenService } from './token.service';

/** The browser logs out after 30 idle minutes (spec part 1 §4); the server's session dies with it. */
export const SESSION_IDLE_SECONDS = INACTIVITY_LOGOUT_MS / 1000;
// last_seen_at is written at most once a minute per session: reads stay reads.
const TOUCH_AFTER_SECONDS = 60;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

@Injectable()
export class SessionsService extends SessionValidator {
  constructor(
    private readonly repository: SessionsRepository,
    private readonly tokens: TokenService,
    private readonly config: ConfigService<AppConfig, true>,
  ) {
    super();
  }

  /** Opens a session and answers its bearer token; the token expires with the session. */
  async start(userId: string, meta: ClientMeta): Promise<string> {
    const ttlSeconds = this.config.get('auth', { infer: true }).sessionMaxHours * 3600;
    const session = await this.repository.insert({
      userId,
      expiresAt: new Date(Date.now() + ttlSeconds * 1000),
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
    });
    return this.tokens.signAccessToken({ userId, sessionId: session.id }, ttlSeconds);
  }

  override isActive({ userId, sessionId }: { userId: string; sessionId?: string }): Promise<boolean> {
    if (!sessionId) return Promise.resolve(false);
    return this.repository.touchIfAlive(sessionId, userId, SESSION_IDLE_SECONDS, TOUCH_AFTER_SECONDS);
  }

  async end(user: AuthenticatedUser): Promise<void> {
    if (user.sessionId) await this.repository.revoke(user.sessionId, user.userId, 'logout');
  }

  /** Ends every session of the user, but `keepSessionId` when given. */
  endAll(userId: string, reason: SessionEndReason, keepSessionId?: string, manager?: EntityManager): Promise<number> {
    return this.repository.revokeAllOf(userId, reason, keepSessionId, manager);
  }
}
