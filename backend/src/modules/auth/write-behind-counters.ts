/** Hits of one key to add to its shared count. */
export interface PendingCount {
  key: string;
  windowSeconds: number;
  hits: number;
}

/** A key's shared count after the add: every process's hits in its current window. */
export interface SharedCount {
  key: string;
  hits: number;
  resetAt: Date;
}

export type AddCounts = (counts: PendingCount[]) => Promise<SharedCount[]>;

/** How often the keys whose window is over are looked for and forgotten. */
const SWEEP_EVERY_MS = 10_000;

interface Counter {
  /** The shared count as of this process's last flush (its own hits up to then included). */
  known: number;
  /** This process's hits since then. */
  pending: number;
  /** Written to the shared count at least once in this window. */
  shared: boolean;
  /** Epoch ms the window ends. */
  resetAt: number;
  windowSeconds: number;
}

export interface WriteBehindOptions {
  /** How long a hit waits, at most, before it is added to the shared count. */
  flushMs: number;
  /** Keys remembered at most; past it, a flush runs at once and forgets the keys with nothing left to write. */
  maxKeys: number;
}

/**
 * Fixed-window counters kept in this process and added to the shared (PostgreSQL) count in batches, every
 * `flushMs` at most: a hit costs no database write of its own. This process's hits count exactly and at once.
 *
 * A key is written from its second hit in this process's window on: a visitor who searches once costs no database
 * write at all (measured on the drug name search, one search per address: the upserts of one-hit keys cost more
 * than the searches), and the keys that can approach a limit are the ones hit again. So the other processes' hits
 * are seen as of the last flush, less at most one unwritten hit of each: across N processes a window may take up
 * to (N - 1) x (the hits of one flush interval + 1) more than its limit. For limits that guard load on public
 * reads (drug lookup, coupon search), never for the ones that guard an account (sign-in, codes): those stay exact
 * (RateLimiter.consume).
 */
export class WriteBehindCounters {
  private readonly counters = new Map<string, Counter>();
  /** Keys with hits to write: a flush looks at these alone, not at every key remembered. */
  private readonly dirty = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private lastSweep: number;

  constructor(
    private readonly addCounts: AddCounts,
    private readonly options: WriteBehindOptions = { flushMs: 250, maxKeys: 50_000 },
    private readonly now: () => number = Date.now,
    /** Told when a flush fails (its hits are kept for the next one). */
    private readonly onFlushError: (error: unknown) => void = () => undefined,
  ) {
    this.lastSweep = now();
  }

  /** Counts a hit; answers the window's hits as far as this process knows them, and when the window ends (epoch ms). */
  hit(key: string, windowSeconds: number): { hits: number; resetAt: number } {
    const now = this.now();
    let counter = this.counters.get(key);
    if (!counter || now >= counter.resetAt) {
      counter = { known: 0, pending: 0, shared: false, resetAt: now + windowSeconds * 1000, windowSeconds };
      this.counters.set(key, counter);
      this.dirty.delete(key);
    }
    counter.pending += 1;
    if (counter.shared || counter.pending >= 2) {
      this.dirty.add(key);
      this.schedule();
    }
    if (this.counters.size > this.options.maxKeys) void this.flush();
    return { hits: counter.known + counter.pending, resetAt: counter.resetAt };
  }

  /** Adds every pending hit to the shared counts (one call per flush); on failure the hits wait for the next one. */
  flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    this.flushing ??= this.flushOnce().finally(() => {
      this.flushing = null;
      if (this.dirty.size > 0 || this.counters.size > this.options.maxKeys) this.schedule();
    });
    return this.flushing;
  }

  /** Keys remembered (for tests and the bound). */
  get size(): number {
    return this.counters.size;
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.flush();
    }, this.options.flushMs);
    this.timer.unref();
  }

  private async flushOnce(): Promise<void> {
    const now = this.now();
    const sent = new Map<string, { counter: Counter; hits: number }>();
    for (const key of this.dirty) {
      const counter = this.counters.get(key);
      if (counter && counter.pending > 0) {
        sent.set(key, { counter, hits: counter.pending });
        counter.pending = 0;
      }
    }
    this.dirty.clear();
    if (sent.size) await this.write(sent);
    // Past the bound (many addresses at once), or now and then, the keys with nothing to write are forgotten: a
    // written key's next hit counts from this process's zero until a flush brings the shared count back; an unwritten
    // key's one hit is lost. Memory stays bounded.
    if (this.counters.size > this.options.maxKeys) {
      for (const key of this.counters.keys()) if (!this.dirty.has(key)) this.counters.delete(key);
    } else if (now - this.lastSweep >= SWEEP_EVERY_MS) {
      this.lastSweep = now;
      for (const [key, counter] of this.counters) if (now >= counter.resetAt) this.counters.delete(key);
    }
  }

  private async write(sent: Map<string, { counter: Counter; hits: number }>): Promise<void> {
    let shared: SharedCount[];
    try {
      shared = await this.addCounts([...sent].map(([key, { counter, hits }]) => ({ key, hits, windowSeconds: counter.windowSeconds })));
    } catch (error) {
      for (const [key, { counter, hits }] of sent) {
        if (this.counters.get(key) !== counter) continue;
        counter.pending += hits;
        this.dirty.add(key);
      }
      this.onFlushError(error);
      return;
    }
    for (const count of shared) {
      const counter = sent.get(count.key)?.counter;
      // A counter replaced meanwhile (its window ended here) keeps its own new count.
      if (!counter || this.counters.get(count.key) !== counter) continue;
      // The shared count holds this process's flushed hits; what arrived meanwhile stays pending.
      counter.known = count.hits;
      counter.shared = true;
      counter.resetAt = count.resetAt.getTime();
    }
  }
}
