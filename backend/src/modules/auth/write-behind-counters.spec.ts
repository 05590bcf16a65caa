import { RATE_LIMITS } from './rate-limiter.service';
import { WriteBehindCounters, type PendingCount, type SharedCount } from './write-behind-counters';

/** A shared store like rate_limits: per key, hits in a fixed window. */
function sharedStore(now: () => number) {
  const rows = new Map<string, { hits: number; startedAt: number }>();
  const calls: PendingCount[][] = [];
  const add = async (counts: PendingCount[]): Promise<SharedCount[]> => {
    calls.push(counts);
    return counts.map(({ key, hits, windowSeconds }) => {
      const row = rows.get(key);
      const fresh = !row || row.startedAt <= now() - windowSeconds * 1000;
      const next = fresh ? { hits, startedAt: now() } : { hits: row.hits + hits, startedAt: row.startedAt };
      rows.set(key, next);
      return { key, hits: next.hits, resetAt: new Date(next.startedAt + windowSeconds * 1000) };
    });
  };
  return { rows, calls, add };
}

describe('WriteBehindCounters', () => {
  let clock = 1_000_000;
  const now = () => clock;
  beforeEach(() => {
    clock = 1_000_000;
  });

  it("counts this process's hits at once and exactly, and writes them in one batch per flush", async () => {
    const store = sharedStore(now);
    const counters = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 100 }, now);
    expect([1, 2, 3].map(() => counters.hit('a', 60).hits)).toEqual([1, 2, 3]);
    counters.hit('b', 60);
    counters.hit('b', 60);
    expect(store.calls).toHaveLength(0);
    await counters.flush();
    expect(store.calls).toEqual([
      [
        { key: 'a', hits: 3, windowSeconds: 60 },
        { key: 'b', hits: 2, windowSeconds: 60 },
      ],
    ]);
    expect(store.rows.get('a')?.hits).toBe(3);
    // Nothing pending: the next flush writes nothing.
    await counters.flush();
    expect(store.calls).toHaveLength(1);
    // Once written, a key's every later hit is written.
    counters.hit('a', 60);
    await counters.flush();
    expect(store.calls[1]).toEqual([{ key: 'a', hits: 1, windowSeconds: 60 }]);
    expect(store.rows.get('a')?.hits).toBe(4);
    counters.stop();
  });

  it('writes nothing for a key hit once (a visitor who searches once); its second hit writes both', async () => {
    const store = sharedStore(now);
    const counters = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 100 }, now);
    expect(counters.hit('once', 60).hits).toBe(1);
    await counters.flush();
    expect(store.calls).toHaveLength(0);
    expect(counters.hit('once', 60).hits).toBe(2);
    await counters.flush();
    expect(store.calls).toEqual([[{ key: 'once', hits: 2, windowSeconds: 60 }]]);
    counters.stop();
  });

  it("sees the other processes' hits after a flush", async () => {
    const store = sharedStore(now);
    const here = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 100 }, now);
    const there = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 100 }, now);
    for (let i = 0; i < 5; i++) there.hit('k', 60);
    await there.flush();
    expect(here.hit('k', 60).hits).toBe(1);
    expect(here.hit('k', 60).hits).toBe(2);
    await here.flush();
    expect(here.hit('k', 60).hits).toBe(8);
    here.stop();
    there.stop();
  });

  it('starts a new window when the old one ended, and forgets idle keys whose window is over', async () => {
    const store = sharedStore(now);
    const counters = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 100 }, now);
    counters.hit('k', 60);
    counters.hit('k', 60);
    await counters.flush();
    clock += 61_000;
    expect(counters.hit('k', 60).hits).toBe(1);
    expect(counters.hit('k', 60).hits).toBe(2);
    await counters.flush();
    expect(store.rows.get('k')?.hits).toBe(2);
    clock += 61_000;
    await counters.flush();
    expect(counters.size).toBe(0);
    counters.stop();
  });

  it('keeps the hits of a failed flush for the next one', async () => {
    const store = sharedStore(now);
    let fail = true;
    const errors: unknown[] = [];
    const counters = new WriteBehindCounters(
      (counts) => (fail ? Promise.reject(new Error('database down')) : store.add(counts)),
      { flushMs: 60_000, maxKeys: 100 },
      now,
      (error) => errors.push(error),
    );
    counters.hit('k', 60);
    counters.hit('k', 60);
    await counters.flush();
    expect(errors).toHaveLength(1);
    expect(counters.hit('k', 60).hits).toBe(3);
    fail = false;
    await counters.flush();
    expect(store.rows.get('k')?.hits).toBe(3);
    counters.stop();
  });

  it('flushes at once past maxKeys', async () => {
    const store = sharedStore(now);
    const counters = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 2 }, now);
    for (const key of ['a', 'a', 'b', 'b']) counters.hit(key, 60);
    expect(store.calls).toHaveLength(0);
    counters.hit('c', 60);
    expect(store.calls[0]!.map((count) => count.key)).toEqual(['a', 'b']);
    counters.stop();
  });

  it('stays within maxKeys: what is written is forgotten once past it', async () => {
    const store = sharedStore(now);
    const counters = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 10 }, now);
    for (let i = 0; i < 100; i++) for (let hit = 0; hit < 2; hit++) counters.hit(`k${i}`, 60);
    // The flush the 11th key started, then the one that writes the keys that came meanwhile.
    await counters.flush();
    await counters.flush();
    expect(counters.size).toBeLessThanOrEqual(10);
    expect(store.rows.size).toBe(100);
    counters.stop();
  });

  it('stays within maxKeys under one hit per key (addresses sprayed): those hits are forgotten, never written', async () => {
    const store = sharedStore(now);
    const counters = new WriteBehindCounters(store.add, { flushMs: 60_000, maxKeys: 10 }, now);
    for (let i = 0; i < 100; i++) counters.hit(`k${i}`, 60);
    // The flush the 11th key started, then the next one, which forgets the keys that came meanwhile.
    await counters.flush();
    await counters.flush();
    expect(counters.size).toBeLessThanOrEqual(10);
    expect(store.calls).toHaveLength(0);
    counters.stop();
  });

  it('flushes by itself within flushMs', async () => {
    const store = sharedStore(Date.now);
    const counters = new WriteBehindCounters(store.add, { flushMs: 20, maxKeys: 100 });
    counters.hit('k', 60);
    counters.hit('k', 60);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(store.rows.get('k')?.hits).toBe(2);
    counters.stop();
  });
});

describe('the account limits', () => {
  it('are all exact: none is written behind (sign-in, codes and password changes must hold across processes)', () => {
    expect(Object.values(RATE_LIMITS).filter((rule) => 'writeBehind' in rule)).toEqual([]);
  });
});
