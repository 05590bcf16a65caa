import { Injectable, Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, type Notification } from 'pg';
import { UserReadCache } from '../../common/http/read-cache';
import type { AppConfig } from '../../config';

/** The channel the member-data triggers NOTIFY (migration 1764900000000): user ids, comma-separated, or '*'. */
export const USER_DATA_CHANGED_CHANNEL = 'user_data_changed';

export interface UserDataChangesTiming {
  /** A round trip on the connection this often proves it up. */
  heartbeatMs: number;
  /** The cache is trusted this long after the start of the last round trip that came back. */
  trustMs: number;
  /** A round trip not back by then ends the connection. */
  heartbeatTimeoutMs: number;
  /** Reconnection delays: doubled from the first up to the last. */
  backoffMs: { first: number; max: number };
}

// As for session ends: notifications committed before a round trip began arrive before its answer, so a proof
// every 250 ms bounds what a silently dead connection can miss to well under a second.
export const USER_DATA_CHANGES_TIMING: UserDataChangesTiming = {
  heartbeatMs: 250,
  trustMs: 750,
  heartbeatTimeoutMs: 5_000,
  backoffMs: { first: 100, max: 5_000 },
};

/**
 * LISTENs for changes of members' data on one dedicated PostgreSQL connection and evicts those members from this
 * process's read cache. The cache is trusted only while this connection is proven up; when it is lost the cache
 * is emptied and bypassed (every read runs its SQL) until a new connection is listening. API roles only: a worker
 * serves no reads. (A connection of its own, not the session-ends one: each cache fails closed on its own proof.)
 */
@Injectable()
export class UserDataChangesListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(UserDataChangesListener.name);
  /** The connection being opened or listening; events of any other are stale. */
  private client?: Client;
  private timer?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;
  private pid?: number;

  /** Overridable in tests (short delays). */
  timing: UserDataChangesTiming = USER_DATA_CHANGES_TIMING;

  constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly cache: UserReadCache,
  ) {}

  onApplicationBootstrap(): void {
    if (this.config.get('role', { infer: true }) === 'worker') return;
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.cache.distrust();
    await client?.end().catch(() => undefined);
  }

  /** The PostgreSQL backend of the listening connection (tests find it in pg_stat_activity). */
  get backendPid(): number | undefined {
    return this.client && this.listening ? this.pid : undefined;
  }

  /** Whether the connection is up and listening (the cache may answer). */
  get listening(): boolean {
    return this.client !== undefined && this.cache.trusted;
  }

  /**
   * Resolves once every change committed before the call has been evicted here: one round trip on the listening
   * connection (its notifications come first). Rejects when the listener is down.
   */
  async sync(): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) throw new Error('the user-data-changes listener is not listening');
    await client.query('SELECT 1');
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.config.get('database', { infer: true }).url,
      application_name: 'healthlink-user-data-changes',
      keepAlive: true,
      connectionTimeoutMillis: this.timing.heartbeatTimeoutMs,
    });
    this.client = client;
    client.on('notification', (message) => {
      if (this.client === client) this.onNotification(message);
    });
    client.on('error', (error) => this.lose(client, error));
    client.on('end', () => this.lose(client, new Error('the connection ended')));
    try {
      await client.connect();
      const sentAt = this.cache.now();
      await client.query(`LISTEN ${USER_DATA_CHANGED_CHANNEL}`);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (this.client !== client) return;
      this.pid = rows[0].pid;
      if (this.failures > 0) this.logger.log('listening for data changes again: the read cache is back in use');
      this.failures = 0;
      this.cache.trust(sentAt + this.timing.trustMs);
      this.scheduleHeartbeat(client);
    } catch (error) {
      this.lose(client, error);
    }
  }

  private onNotification(message: Notification): void {
    if (message.channel !== USER_DATA_CHANGED_CHANNEL) return;
    if (!message.payload || message.payload === '*') this.cache.clear();
    else for (const userId of message.payload.split(',')) this.cache.evictUser(userId);
  }

  private scheduleHeartbeat(client: Client): void {
    this.timer = setTimeout(() => void this.heartbeat(client), this.timing.heartbeatMs);
    this.timer.unref();
  }

  private async heartbeat(client: Client): Promise<void> {
    if (this.client !== client) return;
    const sentAt = this.cache.now();
    const timeout = setTimeout(() => this.lose(client, new Error('no answer to the heartbeat')), this.timing.heartbeatTimeoutMs);
    try {
      await client.query('SELECT 1');
      if (this.client !== client) return;
      this.cache.trust(sentAt + this.timing.trustMs);
      this.scheduleHeartbeat(client);
    } catch (error) {
      this.lose(client, error);
    } finally {
      clearTimeout(timeout);
    }
  }

  /** The connection is gone or unusable: fail closed at once, then reconnect with backoff. */
  private lose(client: Client, error: unknown): void {
    if (this.client !== client) return;
    this.client = undefined;
    this.cache.distrust();
    clearTimeout(this.timer);
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    if (this.failures === 0) {
      this.logger.warn({ err: error }, 'lost the data-changes listener: reads run their SQL until it is back');
    }
    this.failures++;
    const delay = Math.min(this.timing.backoffMs.first * 2 ** Math.min(this.failures - 1, 16), this.timing.backoffMs.max);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }
}
