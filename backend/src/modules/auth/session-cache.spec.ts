import { randomUUID } from 'node:crypto';
import { SessionCache, type SessionLife } from './session-cache';

describe('SessionCache', () => {
  let clock: number;
  const options = { maxEntries: 3, ttlMs: 30_000, touchAfterMs: 50_000, suspendMs: 10_000 };
  const make = () => {
    const cache = new SessionCache({ ...options, now: () => clock });
    cache.trust(clock + 60 * 60_000);
    return cache;
  };
  const life = (userId: string, overrides: Partial<SessionLife> = {}): SessionLife => ({
    userId,
    idleLeftSeconds: 1800,
    expiresLeftSeconds: 3600,
    seenAgoSeconds: 0,
    ...overrides,
  });
  /** A check that found the session alive and was remembered. */
  const checked = (cache: SessionCache, sessionId: string, userId: string, overrides: Partial<SessionLife> = {}) =>
    cache.remember(sessionId, life(userId, overrides), cache.beginCheck());

  beforeEach(() => {
    clock = 1_000_000;
  });

  it('answers a remembered session for its own user only, until its TTL', () => {
    const cache = make();
    const [sid, uid] = [randomUUID(), randomUUID()];
    expect(cache.isAlive(sid, uid)).toBe(false);
    checked(cache, sid, uid);
    expect(cache.isAlive(sid, uid)).toBe(true);
    expect(cache.isAlive(sid, randomUUID())).toBe(false);
    clock += 29_999;
    expect(cache.isAlive(sid, uid)).toBe(true);
    clock += 1;
    expect(cache.isAlive(sid, uid)).toBe(false);
    expect(cache.size).toBe(0);
  });

  it('never outlives the idle limit or the expiry the database answered', () => {
    const cache = make();
    const [idle, expiring, uid] = [randomUUID(), randomUUID(), randomUUID()];
    checked(cache, idle, uid, { idleLeftSeconds: 5 });
    checked(cache, expiring, uid, { expiresLeftSeconds: 2 });
    clock += 2_000;
    expect(cache.isAlive(expiring, uid)).toBe(false);
    expect(cache.isAlive(idle, uid)).toBe(true);
    clock += 3_000;
    expect(cache.isAlive(idle, uid)).toBe(false);
    checked(cache, idle, uid, { idleLeftSeconds: 0 });
    expect(cache.isAlive(idle, uid)).toBe(false);
  });

  it('counts the life from when the check began, not from when its answer came', () => {
    const cache = make();
    const [sid, uid] = [randomUUID(), randomUUID()];
    const ticket = cache.beginCheck();
    clock += 10_000;
    cache.remember(sid, life(uid), ticket);
    clock += 20_000;
    expect(cache.isAlive(sid, uid)).toBe(false);
  });

  it('does not remember a check during which any session was evicted or the cache was cleared', () => {
    const cache = make();
    const [sid, uid] = [randomUUID(), randomUUID()];
    let ticket = cache.beginCheck();
    cache.evict(randomUUID());
    cache.remember(sid, life(uid), ticket);
    expect(cache.isAlive(sid, uid)).toBe(false);

    ticket = cache.beginCheck();
    cache.clear();
    cache.remember(sid, life(uid), ticket);
    expect(cache.isAlive(sid, uid)).toBe(false);

    cache.remember(sid, life(uid), cache.beginCheck());
    expect(cache.isAlive(sid, uid)).toBe(true);
  });

  it('evicts a session and clears all', () => {
    const cache = make();
    const [a, b, uid] = [randomUUID(), randomUUID(), randomUUID()];
    checked(cache, a, uid);
    checked(cache, b, uid);
    cache.evict(a);
    expect(cache.isAlive(a, uid)).toBe(false);
    expect(cache.isAlive(b, uid)).toBe(true);
    cache.clear();
    expect(cache.isAlive(b, uid)).toBe(false);
  });

  it('answers nothing and learns nothing while untrusted; trust lapses on its own', () => {
    const cache = new SessionCache({ ...options, now: () => clock });
    const [sid, uid] = [randomUUID(), randomUUID()];
    checked(cache, sid, uid);
    expect(cache.size).toBe(0);

    cache.trust(clock + 1_000);
    checked(cache, sid, uid);
    expect(cache.isAlive(sid, uid)).toBe(true);
    clock += 1_000;
    expect(cache.trusted).toBe(false);
    expect(cache.isAlive(sid, uid)).toBe(false);

    // A check begun while untrusted is not remembered once trust comes back: it may predate a missed end.
    const ticket = cache.beginCheck();
    cache.trust(clock + 1_000);
    cache.remember(randomUUID(), life(uid), ticket);
    expect(cache.size).toBe(1);
  });

  it('distrust empties the cache', () => {
    const cache = make();
    const [sid, uid] = [randomUUID(), randomUUID()];
    checked(cache, sid, uid);
    cache.distrust();
    expect(cache.size).toBe(0);
    cache.trust(clock + 1_000);
    expect(cache.isAlive(sid, uid)).toBe(false);
  });

  it('suspends a user whose sessions this process is ending: none of theirs is answered or remembered', () => {
    const cache = make();
    const [mine, theirs, uid, other] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    checked(cache, mine, uid);
    checked(cache, theirs, other);
    cache.suspendUser(uid);
    expect(cache.isAlive(mine, uid)).toBe(false);
    expect(cache.isAlive(theirs, other)).toBe(true);
    checked(cache, mine, uid);
    expect(cache.isAlive(mine, uid)).toBe(false);
    clock += 10_000;
    checked(cache, mine, uid);
    expect(cache.isAlive(mine, uid)).toBe(true);
  });

  it('keeps at most maxEntries, dropping the least recently used', () => {
    const cache = make();
    const uid = randomUUID();
    const [a, b, c, d] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    checked(cache, a, uid);
    checked(cache, b, uid);
    checked(cache, c, uid);
    expect(cache.isAlive(a, uid)).toBe(true);
    checked(cache, d, uid);
    expect(cache.size).toBe(3);
    expect(cache.isAlive(b, uid)).toBe(false);
    expect([a, c, d].every((id) => cache.isAlive(id, uid))).toBe(true);
  });

  it('queues a request for last_seen_at once the stored value is older than touchAfter, and only then', () => {
    const cache = make();
    const [fresh, stale, uid] = [randomUUID(), randomUUID(), randomUUID()];
    checked(cache, fresh, uid, { seenAgoSeconds: 10 });
    checked(cache, stale, uid, { seenAgoSeconds: 45 });
    expect(cache.isAlive(fresh, uid)).toBe(true);
    expect(cache.isAlive(stale, uid)).toBe(true);
    expect(cache.takeTouches()).toEqual([]);

    clock += 5_000;
    expect(cache.isAlive(stale, uid)).toBe(true);
    expect(cache.isAlive(fresh, uid)).toBe(true);
    clock += 3_000;
    expect(cache.takeTouches()).toEqual([{ sessionId: stale, agoSeconds: 3 }]);
    // Written: the next request is not queued again until the new value is old.
    expect(cache.isAlive(stale, uid)).toBe(true);
    expect(cache.takeTouches()).toEqual([]);
  });

  it('drops a queued request of an evicted session', () => {
    const cache = make();
    const [sid, uid] = [randomUUID(), randomUUID()];
    checked(cache, sid, uid, { seenAgoSeconds: 55 });
    expect(cache.isAlive(sid, uid)).toBe(true);
    cache.evict(sid);
    expect(cache.takeTouches()).toEqual([]);
  });

  describe('verified token claims', () => {
    const claimsFor = (sid: string, uid: string, expSeconds = clock / 1000 + 60) => ({ sub: uid, sid, exp: expSeconds });

    it('answers the claims of the exact token until its exp, whatever the trust in the listener', () => {
      const cache = make();
      const [sid, uid] = [randomUUID(), randomUUID()];
      cache.rememberClaims('a.b.c', claimsFor(sid, uid));
      expect(cache.claimsOf('a.b.c')).toEqual({ sub: uid, sid, exp: clock / 1000 + 60, iat: undefined });
      expect(cache.claimsOf('a.b.d')).toBeUndefined();
      clock += 59_999;
      expect(cache.claimsOf('a.b.c')).toBeDefined();
      clock += 1;
      expect(cache.claimsOf('a.b.c')).toBeUndefined();
    });

    it('forgets them when their session ends, their user is suspended or everything is flushed', () => {
      const cache = make();
      const [sid, other, uid] = [randomUUID(), randomUUID(), randomUUID()];
      cache.rememberClaims('t1', claimsFor(sid, uid));
      cache.rememberClaims('t2', claimsFor(other, randomUUID()));
      cache.evict(sid);
      expect([cache.claimsOf('t1'), cache.claimsOf('t2')?.sid]).toEqual([undefined, other]);

      cache.rememberClaims('t1', claimsFor(sid, uid));
      cache.suspendUser(uid);
      expect([cache.claimsOf('t1'), cache.claimsOf('t2')?.sid]).toEqual([undefined, other]);

      cache.distrust();
      expect(cache.claimsOf('t2')).toBeUndefined();
    });

    it('keeps no expired token, no token with nbf, and at most maxTokens', () => {
      const cache = new SessionCache({ ...options, maxTokens: 2, now: () => clock });
      cache.rememberClaims('old', claimsFor(randomUUID(), randomUUID(), clock / 1000));
      cache.rememberClaims('nbf', { ...claimsFor(randomUUID(), randomUUID()), nbf: clock / 1000 });
      expect([cache.claimsOf('old'), cache.claimsOf('nbf')]).toEqual([undefined, undefined]);
      for (const token of ['t1', 't2', 't3']) cache.rememberClaims(token, claimsFor(randomUUID(), randomUUID()));
      expect(['t1', 't2', 't3'].map((token) => cache.claimsOf(token) !== undefined)).toEqual([false, true, true]);
    });
  });
});
