import { Logger, OnApplicationBootstrap, OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { Client, type Notification } from 'pg';
import type { AppConfig } from '../../config';

/** A process-local cache that may answer only while its listener proves its LISTEN connection up. */
export interface TrustedCache {
  now(): number;
  readonly trusted: boolean;
  /** Trust the cache until this instant (the listener's last proof plus `trustMs`). */
  trust(until: number): void;
  /** Empty the cache and stop answering from it. */
  distrust(): void;
}

export interface NotifyListenerTiming {
  /** A round trip on the connection this often proves it up. */
  heartbeatMs: number;
  /** The cache is trusted this long after the start of the last round trip that came back. */
  trustMs: number;
  /** A round trip not back by then ends the connection. */
  heartbeatTimeoutMs: number;
  /** Reconnection delays: doubled from the first up to the last. */
  backoffMs: { first: number; max: number };
}

// A notification committed before a round trip began is delivered before its answer (PostgreSQL sends pending
// notifications before ReadyForQuery), so a proof every 250 ms bounds what a silently dead connection can miss
// to well under a second.
export const NOTIFY_LISTENER_TIMING: NotifyListenerTiming = {
  heartbeatMs: 250,
  trustMs: 750,
  heartbeatTimeoutMs: 5_000,
  backoffMs: { first: 100, max: 5_000 },
};

/** What a listener listens to, and what it tells the operator when it loses and regains its connection. */
export interface NotifyChannel {
  channel: string;
  /** The connection's application_name (operators and tests find it in pg_stat_activity). */
  applicationName: string;
  lostMessage: string;
  backMessage: string;
}

/**
 * LISTENs on one channel over one dedicated PostgreSQL connection and hands each payload to the subclass, which
 * evicts from its process-local cache. The cache is trusted only while this connection is proven up (a heartbeat
 * round trip); when it is lost the cache is emptied and bypassed until a new connection is listening, reconnecting
 * with backoff. API roles only: a worker serves no reads and checks no tokens.
 */
export abstract class NotifyListener implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(this.constructor.name);
  /** The connection being opened or listening; events of any other are stale. */
  private client?: Client;
  private timer?: NodeJS.Timeout;
  private failures = 0;
  private stopped = false;
  private pid?: number;

  /** Overridable in tests (short delays). */
  timing: NotifyListenerTiming = NOTIFY_LISTENER_TIMING;

  protected constructor(
    private readonly config: ConfigService<AppConfig, true>,
    private readonly trustedCache: TrustedCache,
    private readonly subscription: NotifyChannel,
  ) {}

  /** One notification's payload ('' or '*' conventionally means everything). */
  protected abstract onPayload(payload: string): void;

  onApplicationBootstrap(): void {
    if (this.config.get('role', { infer: true }) === 'worker') return;
    void this.connect();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    const client = this.client;
    this.client = undefined;
    this.trustedCache.distrust();
    await client?.end().catch(() => undefined);
  }

  /** The PostgreSQL backend of the listening connection (operators and tests can find it in pg_stat_activity). */
  get backendPid(): number | undefined {
    return this.client && this.listening ? this.pid : undefined;
  }

  /** Whether the connection is up and listening (the cache may answer). */
  get listening(): boolean {
    return this.client !== undefined && this.trustedCache.trusted;
  }

  /**
   * Resolves once every notification committed before the call has been handled here: one round trip on the
   * listening connection (its notifications come first). Rejects when the listener is down.
   */
  async sync(): Promise<void> {
    const client = this.client;
    if (!client || !this.listening) throw new Error(`the ${this.subscription.channel} listener is not listening`);
    await client.query('SELECT 1');
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.config.get('database', { infer: true }).url,
      application_name: this.subscription.applicationName,
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
      const sentAt = this.trustedCache.now();
      await client.query(`LISTEN ${this.subscription.channel}`);
      const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
      if (this.client !== client) return;
      this.pid = rows[0].pid;
      if (this.failures > 0) this.logger.log(this.subscription.backMessage);
      this.failures = 0;
      this.trustedCache.trust(sentAt + this.timing.trustMs);
      this.scheduleHeartbeat(client);
    } catch (error) {
      this.lose(client, error);
    }
  }

  private onNotification(message: Notification): void {
    if (message.channel === this.subscription.channel) this.onPayload(message.payload ?? '');
  }

  private scheduleHeartbeat(client: Client): void {
    this.timer = setTimeout(() => void this.heartbeat(client), this.timing.heartbeatMs);
    this.timer.unref();
  }

  private async heartbeat(client: Client): Promise<void> {
    if (this.client !== client) return;
    const sentAt = this.trustedCache.now();
    const timeout = setTimeout(() => this.lose(client, new Error('no answer to the heartbeat')), this.timing.heartbeatTimeoutMs);
    try {
      await client.query('SELECT 1');
      if (this.client !== client) return;
      this.trustedCache.trust(sentAt + this.timing.trustMs);
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
    this.trustedCache.distrust();
    clearTimeout(this.timer);
    client.removeAllListeners('end');
    void client.end().catch(() => undefined);
    if (this.stopped) return;
    if (this.failures === 0) this.logger.warn({ err: error }, this.subscription.lostMessage);
    this.failures++;
    const delay = Math.min(this.timing.backoffMs.first * 2 ** Math.min(this.failures - 1, 16), this.timing.backoffMs.max);
    this.timer = setTimeout(() => void this.connect(), delay);
    this.timer.unref();
  }
}
