import { weakEtagOf } from './etag';

/** What Fastify itself sends for an object answer: kept answers are sent with it, so their bytes and ETag are the same. */
export const READ_CACHE_CONTENT_TYPE = 'application/json; charset=utf-8';

export interface UserReadCacheOptions {
  maxEntries: number;
  /** The answers' total length (UTF-16 code units, about bytes for this JSON): a page of 50 claims is large. */
  maxChars: number;
  /** A backstop: an entry is answered at most this long, even if no change of its member was heard of. */
  ttlMs: number;
  /** How long a member whose data this process is writing is read from the database only. */
  suspendMs: number;
  /** Members whose latest invalidation is remembered (older ones make every older read uncacheable). */
  maxTrackedInvalidations?: number;
  now?: () => number;
}

/** Taken before a read goes to the database, and handed back to store() with its answer. */
export interface ReadTicket {
  epoch: number;
}

interface Entry {
  userId: string;
  body: string;
  validUntil: number;
  /** The body's weak ETag and its UTF-8 bytes, made on the first lookup (the bytes count towards maxChars). */
  etag?: string;
  bytes?: Buffer;
}

/** A kept answer and its weak ETag. */
export interface CachedRead {
  /** The answer as sent: its UTF-8 bytes, encoded once rather than on every send. */
  bytes: Buffer;
  etag: string;
}

const DAY_MS = 86_400_000;

/**
 * The in-process memory of members' own reads (the serialised JSON answer, by member and request), so that a
 * repeated dashboard read runs no SQL. Like the session cache it answers only while trusted: the user-data-changes
 * listener trusts it for a short while after each proof that its LISTEN connection is up and distrusts it (emptying
 * it) the moment that connection is lost; an untrusted cache answers nothing and keeps nothing (fail closed).
 *
 * Exactness: every committed change to a member's rows is NOTIFYed and evicts the member here. A read whose
 * database work began before an eviction of its member (or a flush) is not kept: its answer may predate the change.
 * An entry never outlives the UTC day it was read on (a current plan's cost window counts from today).
 */
export class UserReadCache {
  private readonly entries = new Map<string, Entry>();
  private readonly keysByUser = new Map<string, Set<string>>();
  /** Member -> epoch of their latest eviction; the oldest are forgotten into `floor`. */
  private readonly invalidated = new Map<string, number>();
  /** Member -> local time until which their reads are neither answered nor kept. */
  private readonly suspended = new Map<string, number>();
  /** Reads that began before this epoch are never kept. */
  private floor = 0;
  private chars = 0;
  private epoch = 0;
  private trustedUntil = 0;
  readonly now: () => number;

  constructor(private readonly options: UserReadCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size(): number {
    return this.entries.size;
  }

  get trusted(): boolean {
    return this.now() < this.trustedUntil;
  }

  /** The stored answer of this member's request, if the cache may give it now. */
  get(userId: string, request: string): string | undefined {
    return this.entryOf(userId, request)?.body;
  }

  /** The stored answer and its ETag (hashed once an entry), if the cache may give it now. */
  lookup(userId: string, request: string): CachedRead | undefined {
    const entry = this.entryOf(userId, request);
    if (!entry) return undefined;
    if (!entry.bytes) {
      entry.bytes = Buffer.from(entry.body, 'utf8');
      entry.etag = weakEtagOf(entry.bytes);
      this.chars += entry.bytes.length;
      this.shrink();
    }
    return { bytes: entry.bytes, etag: entry.etag! };
  }

  private entryOf(userId: string, request: string): Entry | undefined {
    const now = this.now();
    if (now >= this.trustedUntil) return undefined;
    const key = keyOf(userId, request);
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (now >= entry.validUntil || this.isSuspended(userId, now)) {
      this.remove(key, userId);
      return undefined;
    }
    // Least recently used goes first when the cache is full.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  beginRead(): ReadTicket {
    return { epoch: this.epoch };
  }

  /** Keeps an answer, unless its member was evicted (or everything flushed, or trust lost) since the read began. */
  store(userId: string, request: string, body: string, ticket: ReadTicket): void {
    const now = this.now();
    if (now >= this.trustedUntil || ticket.epoch < this.floor || this.isSuspended(userId, now)) return;
    if ((this.invalidated.get(userId) ?? -1) > ticket.epoch) return;
    if (body.length > this.options.maxChars) return;
    const key = keyOf(userId, request);
    this.remove(key, userId);
    this.chars += body.length;
    this.entries.set(key, { userId, body, validUntil: Math.min(now + this.options.ttlMs, (Math.floor(now / DAY_MS) + 1) * DAY_MS) });
    let keys = this.keysByUser.get(userId);
    if (!keys) this.keysByUser.set(userId, (keys = new Set()));
    keys.add(key);
    this.shrink();
  }

  /** Drops the least recently used answers until the cache is within its bounds. */
  private shrink(): void {
    while (this.entries.size > this.options.maxEntries || this.chars > this.options.maxChars) {
      const [oldest, entry] = this.entries.entries().next().value as [string, Entry];
      this.remove(oldest, entry.userId);
    }
  }

  /** The member's data changed (NOTIFY): their answers go, and reads of theirs in flight are not kept. */
  evictUser(userId: string): void {
    this.epoch++;
    this.invalidated.delete(userId);
    this.invalidated.set(userId, this.epoch);
    const limit = this.options.maxTrackedInvalidations ?? 10_000;
    while (this.invalidated.size > limit) {
      const [oldest, epoch] = this.invalidated.entries().next().value as [string, number];
      this.invalidated.delete(oldest);
      this.floor = Math.max(this.floor, epoch);
    }
    for (const key of this.keysByUser.get(userId) ?? []) this.remove(key, userId);
  }

  /**
   * This process is writing the member's data, perhaps in a transaction not yet committed: their reads bypass the
   * cache for a while, so that the writer's next read sees its write even before the NOTIFY arrives.
   */
  suspendUser(userId: string): void {
    const now = this.now();
    this.evictUser(userId);
    this.suspended.set(userId, now + this.options.suspendMs);
    for (const [id, until] of this.suspended) if (until <= now) this.suspended.delete(id);
  }

  /** Forgets every answer (a flush, or trust lost). */
  clear(): void {
    this.epoch++;
    this.floor = this.epoch;
    this.invalidated.clear();
    this.entries.clear();
    this.keysByUser.clear();
    this.chars = 0;
  }

  /** The listener proved its connection up: answers are trusted until `until`. */
  trust(until: number): void {
    // Reads begun while untrusted may predate a change the listener never heard of.
    if (this.now() >= this.trustedUntil) this.clear();
    this.trustedUntil = Math.max(this.trustedUntil, until);
  }

  /** The listener is down: changes may be missed from now on. */
  distrust(): void {
    this.trustedUntil = 0;
    this.clear();
  }

  private remove(key: string, userId: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.chars -= entry.body.length + (entry.bytes?.length ?? 0);
    this.entries.delete(key);
    const keys = this.keysByUser.get(userId);
    keys?.delete(key);
    if (keys?.size === 0) this.keysByUser.delete(userId);
  }

  private isSuspended(userId: string, now: number): boolean {
    if (this.suspended.size === 0) return false;
    const until = this.suspended.get(userId);
    return until !== undefined && now < until;
  }
}

const keyOf = (userId: string, request: string): string => `${userId} ${request}`;
