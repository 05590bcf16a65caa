import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { NOTIFY_LISTENER_TIMING, NotifyListener, type NotifyListenerTiming } from '../../common/notify/notify-listener';
import { SessionCache } from './session-cache';

/** The channel the sessions table's triggers NOTIFY (migration 1764700000000): a session id, or '*' for all. */
export const SESSION_ENDED_CHANNEL = 'session_ended';

export type SessionEndsListenerTiming = NotifyListenerTiming;
export const SESSION_ENDS_TIMING: SessionEndsListenerTiming = NOTIFY_LISTENER_TIMING;

/**
 * Evicts ended sessions from this process's session cache as PostgreSQL announces them; while its connection is
 * not proven up the cache is emptied and every check goes to PostgreSQL (NotifyListener).
 */
@Injectable()
export class SessionEndsListener extends NotifyListener {
  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly cache: SessionCache,
  ) {
    super(config, cache, {
      channel: SESSION_ENDED_CHANNEL,
      applicationName: 'healthlink-session-ends',
      lostMessage: 'lost the session-ends listener: sessions are checked in PostgreSQL until it is back',
      backMessage: 'listening for session ends again: the session cache is back in use',
    });
  }

  protected onPayload(payload: string): void {
    if (!payload || payload === '*') this.cache.clear();
    else this.cache.evict(payload);
  }
}
