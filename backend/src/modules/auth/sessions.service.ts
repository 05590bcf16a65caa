import { INACTIVITY_LOGOUT_MS } from '@healthlink/contracts';
import { BeforeApplicationShutdown, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { EntityManager } from 'typeorm';
import { SessionValidator } from '../../common/ports';
import type { AppConfig } from '../../config';
import type { AuthenticatedUser } from './authenticated-user';
import type { SessionEndReason } from './entities/session.entity';
import { SessionCache } from './session-cache';
import { SessionsRepository } from './sessions.repository';
import { TokenService } from './token.service';

/** The browser logs out after 30 idle minutes (spec part 1 §4); the server's session dies with it. */
export const SESSION_IDLE_SECONDS = INACTIVITY_LOGOUT_MS / 1000;
// last_seen_at is written at most once a minute per session: reads stay reads.
const TOUCH_AFTER_SECONDS = 60;
// Requests answered from the session cache reach last_seen_at in one batch this often; a request is queued once
// the stored value is older than the minute less this, so the database lags use by no more than without a cache.
export const TOUCH_FLUSH_MS = 10_000;
export const SESSION_CACHE_OPTIONS = {
  maxEntries: 5_000,
  ttlMs: 30_000,
  touchAfterMs: TOUCH_AFTER_SECONDS * 1000 - TOUCH_FLUSH_MS,
  suspendMs: 10_000,
};

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

@Injectable()
export class SessionsService extends SessionValidator implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(SessionsService.name);
  private flushTimer?: NodeJS.Timeout;

  constructor(
    private readonly repository: SessionsRepository,
    private readonly tokens: TokenService,
    private readonly config: ConfigService<AppConfig, true>,
    private readonly cache: SessionCache,
  ) {
    super();
  }

  onApplicationBootstrap(): void {
    this.flushTimer = setInterval(() => void this.flushTouches(), TOUCH_FLUSH_MS).unref();
  }

  async beforeApplicationShutdown(): Promise<void> {
    clearInterval(this.flushTimer);
    await this.flushTouches();
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

  /** Answered from the session cache when it may (see SessionCache), otherwise checked (and touched) in PostgreSQL. */
  override async isActive({ userId, sessionId }: { userId: string; sessionId?: string }): Promise<boolean> {
    if (!sessionId) return false;
    if (this.cache.isAlive(sessionId, userId)) return true;
    const ticket = this.cache.beginCheck();
    const life = await this.repository.touchIfAlive(sessionId, userId, SESSION_IDLE_SECONDS, TOUCH_AFTER_SECONDS);
    if (!life) return false;
    this.cache.remember(sessionId, life, ticket);
    return true;
  }

  async end(user: AuthenticatedUser): Promise<void> {
    if (!user.sessionId) return;
    await this.repository.revoke(user.sessionId, user.userId, 'logout');
    // This process's next request must not wait for the NOTIFY.
    this.cache.evict(user.sessionId);
  }

  /**
   * Ends every session of the user, but `keepSessionId` when given. In a transaction the ends are not visible
   * until it commits: meanwhile this process checks the user's sessions in PostgreSQL only, and the commit's
   * NOTIFY evicts them everywhere.
   */
  async endAll(userId: string, reason: SessionEndReason, keepSessionId?: string, manager?: EntityManager): Promise<number> {
    this.cache.suspendUser(userId);
    const ended = await this.repository.revokeAllOf(userId, reason, keepSessionId, manager);
    this.cache.suspendUser(userId);
    return ended;
  }

  /** The account is being deleted (its sessions go with it through the foreign key). */
  forgetUser(userId: string): void {
    this.cache.suspendUser(userId);
  }

  /** Writes the requests the cache answered to last_seen_at; on failure their sessions are checked in PostgreSQL again. */
  async flushTouches(): Promise<void> {
    const touches = this.cache.takeTouches();
    if (touches.length === 0) return;
    try {
      await this.repository.touchSeen(touches, SESSION_IDLE_SECONDS);
    } catch (error) {
      for (const touch of touches) this.cache.evict(touch.sessionId);
      this.logger.warn({ err: error }, `could not record the last use of ${touches.length} sessions; they are checked in PostgreSQL again`);
    }
  }
}
