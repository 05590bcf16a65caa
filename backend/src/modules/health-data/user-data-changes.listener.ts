import { Injectable } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { AppConfig } from '../../config';
import { UserReadCache } from '../../common/http/read-cache';
import { NOTIFY_LISTENER_TIMING, NotifyListener, type NotifyListenerTiming } from '../../common/notify/notify-listener';

/**
 * The channel the member-data triggers NOTIFY (migration 1764900000000): user ids, comma-separated, or '*' for every
 * member (a TRUNCATE, a bulk change, the shared drug tables, and NADAC prices: 1765000000400, since `/api/userDrugs`
 * answers are priced).
 */
export const USER_DATA_CHANGED_CHANNEL = 'user_data_changed';

export type UserDataChangesTiming = NotifyListenerTiming;
export const USER_DATA_CHANGES_TIMING: UserDataChangesTiming = NOTIFY_LISTENER_TIMING;

/**
 * Evicts members whose data changed from this process's read cache as PostgreSQL announces them; while its
 * connection is not proven up the cache is emptied and every read runs its SQL (NotifyListener). A connection of its
 * own, not the session-ends one: each cache fails closed on its own proof.
 */
@Injectable()
export class UserDataChangesListener extends NotifyListener {
  constructor(
    config: ConfigService<AppConfig, true>,
    private readonly cache: UserReadCache,
  ) {
    super(config, cache, {
      channel: USER_DATA_CHANGED_CHANNEL,
      applicationName: 'healthlink-user-data-changes',
      lostMessage: 'lost the data-changes listener: reads run their SQL until it is back',
      backMessage: 'listening for data changes again: the read cache is back in use',
    });
  }

  private readonly everyMemberHandlers = new Set<() => void>();

  /**
   * Calls `handler` at each flush-all ('*'), which the shared drug tables and NADAC prices send when they change: a
   * module holding something built from them in memory (pricing's drug name index) builds it again. Health-data knows
   * nothing of what the handlers do. Answers the unsubscribe.
   */
  onEveryMemberChanged(handler: () => void): () => void {
    this.everyMemberHandlers.add(handler);
    return () => this.everyMemberHandlers.delete(handler);
  }

  protected onPayload(payload: string): void {
    // '*' (or an empty payload, which no trigger sends): every member's answers may be stale.
    if (!payload || payload === '*') {
      this.cache.clear();
      for (const handler of this.everyMemberHandlers) handler();
    } else for (const userId of payload.split(',')) this.cache.evictUser(userId);
  }
}
