import { randomUUID } from 'node:crypto';
import { weakEtagOf } from './etag';
import { UserReadCache } from './read-cache';

describe('UserReadCache', () => {
  let clock: number;
  const options = { maxEntries: 3, maxChars: 100, ttlMs: 60_000, suspendMs: 2_000, maxTrackedInvalidations: 2 };
  // 2026-11-25T10:00:00Z: far from a UTC midnight.
  const MORNING = Date.UTC(2026, 10, 25, 10);
  const make = () => {
    const cache = new UserReadCache({ ...options, now: () => clock });
    cache.trust(clock + 60 * 60_000);
    return cache;
  };
  const read = (cache: UserReadCache, userId: string, request = '/api/spending', body = '{"a":1}') =>
    cache.store(userId, request, body, cache.beginRead());

  beforeEach(() => {
    clock = MORNING;
  });

  it('answers a kept read for its own member and request only, until its TTL', () => {
    const cache = make();
    const [user, other] = [randomUUID(), randomUUID()];
    expect(cache.get(user, '/api/spending')).toBeUndefined();
    read(cache, user);
    expect(cache.get(user, '/api/spending')).toBe('{"a":1}');
    expect(cache.get(other, '/api/spending')).toBeUndefined();
    expect(cache.get(user, '/api/spending?by=year')).toBeUndefined();
    clock += 59_999;
    expect(cache.get(user, '/api/spending')).toBe('{"a":1}');
    clock += 1;
    expect(cache.get(user, '/api/spending')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('looks up a kept answer as UTF-8 bytes with its weak ETag, made once, and counts the bytes in maxChars', () => {
    const cache = make();
    const [user, other] = [randomUUID(), randomUUID()];
    read(cache, user, '/api/spending', '{"name":"Zoë"}');
    const hit = cache.lookup(user, '/api/spending');
    expect(hit?.bytes.toString('utf8')).toBe('{"name":"Zoë"}');
    expect(hit?.etag).toBe(weakEtagOf('{"name":"Zoë"}'));
    expect(cache.lookup(user, '/api/spending')?.bytes).toBe(hit?.bytes);
    expect(cache.lookup(other, '/api/spending')).toBeUndefined();

    // 14 characters and 15 bytes are kept for the first; a second answer of 80 characters goes over 100.
    read(cache, other, '/api/spending', `{"a":"${'x'.repeat(72)}"}`);
    expect(cache.get(other, '/api/spending')).toBeDefined();
    expect(cache.get(user, '/api/spending')).toBeUndefined();
  });

  it('never keeps an answer past the UTC midnight after it was read (the current plan counts from today)', () => {
    clock = Date.UTC(2026, 10, 25, 23, 59, 30);
    const cache = make();
    const user = randomUUID();
    read(cache, user);
    clock = Date.UTC(2026, 10, 25, 23, 59, 59, 999);
    expect(cache.get(user, '/api/spending')).toBeDefined();
    clock = Date.UTC(2026, 10, 26);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
  });

  it('evicting a member drops all their reads and no one else’s', () => {
    const cache = make();
    const [user, other] = [randomUUID(), randomUUID()];
    read(cache, user, '/api/spending');
    read(cache, user, '/api/userDrugs');
    read(cache, other, '/api/spending');
    cache.evictUser(user);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
    expect(cache.get(user, '/api/userDrugs')).toBeUndefined();
    expect(cache.get(other, '/api/spending')).toBeDefined();
    expect(cache.size).toBe(1);
  });

  it('does not keep a read that began before its member was evicted; one begun after is kept', () => {
    const cache = make();
    const [user, other] = [randomUUID(), randomUUID()];
    const before = cache.beginRead();
    cache.evictUser(user);
    cache.store(user, '/api/spending', '{}', before);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
    // Another member's read in flight is not affected by this eviction.
    cache.store(other, '/api/spending', '{}', before);
    expect(cache.get(other, '/api/spending')).toBeDefined();
    read(cache, user);
    expect(cache.get(user, '/api/spending')).toBeDefined();
  });

  it('stays exact when it forgets old invalidations: reads older than the forgotten one are not kept', () => {
    const cache = make();
    const [first, second, third] = [randomUUID(), randomUUID(), randomUUID()];
    const old = cache.beginRead();
    cache.evictUser(first);
    cache.evictUser(second);
    cache.evictUser(third);
    // `first` is forgotten (two tracked): a read older than its eviction is refused all the same.
    cache.store(first, '/api/spending', '{}', old);
    expect(cache.get(first, '/api/spending')).toBeUndefined();
    read(cache, first);
    expect(cache.get(first, '/api/spending')).toBeDefined();
  });

  it('a flush drops everything and every read in flight', () => {
    const cache = make();
    const user = randomUUID();
    read(cache, user);
    const inFlight = cache.beginRead();
    cache.clear();
    expect(cache.size).toBe(0);
    cache.store(user, '/api/spending', '{}', inFlight);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
  });

  it('keeps the most recently used entries when full', () => {
    const cache = make();
    const [u1, u2, u3, u4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
    read(cache, u1);
    read(cache, u2);
    read(cache, u3);
    expect(cache.get(u1, '/api/spending')).toBeDefined();
    read(cache, u4);
    expect(cache.size).toBe(3);
    expect(cache.get(u2, '/api/spending')).toBeUndefined();
    expect(cache.get(u1, '/api/spending')).toBeDefined();
    expect(cache.get(u4, '/api/spending')).toBeDefined();
    // The evicted entry's member index is gone too: evicting u2 later touches nothing of the others.
    cache.evictUser(u2);
    expect(cache.size).toBe(3);
  });

  it('holds at most maxChars of answers, dropping the least recently used; a larger answer is not kept', () => {
    const cache = make();
    const [u1, u2, u3] = [randomUUID(), randomUUID(), randomUUID()];
    read(cache, u1, '/api/spending', 'a'.repeat(40));
    read(cache, u2, '/api/spending', 'b'.repeat(40));
    // Replacing an answer counts only the new one.
    read(cache, u2, '/api/spending', 'c'.repeat(40));
    expect(cache.size).toBe(2);
    read(cache, u3, '/api/spending', 'd'.repeat(40));
    expect(cache.get(u1, '/api/spending')).toBeUndefined();
    expect(cache.get(u2, '/api/spending')).toBe('c'.repeat(40));
    expect(cache.get(u3, '/api/spending')).toBeDefined();
    cache.evictUser(u2);
    read(cache, u1, '/api/spending', 'e'.repeat(60));
    expect(cache.get(u1, '/api/spending')).toBeDefined();
    expect(cache.get(u3, '/api/spending')).toBeDefined();
    read(cache, u1, '/api/userDrugs', 'f'.repeat(101));
    expect(cache.get(u1, '/api/userDrugs')).toBeUndefined();
  });

  it('a member being written by this process is read from the database only, for suspendMs', () => {
    const cache = make();
    const user = randomUUID();
    read(cache, user);
    cache.suspendUser(user);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
    read(cache, user);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
    clock += 2_000;
    read(cache, user);
    expect(cache.get(user, '/api/spending')).toBeDefined();
  });

  it('fails closed: untrusted it answers and keeps nothing; trusted again, reads begun before are not kept', () => {
    const cache = new UserReadCache({ ...options, now: () => clock });
    const user = randomUUID();
    read(cache, user);
    expect(cache.size).toBe(0);
    cache.trust(clock + 750);
    read(cache, user);
    expect(cache.get(user, '/api/spending')).toBeDefined();
    clock += 750;
    // The heartbeat is late: nothing is answered, and a read begun now is not kept after trust returns.
    expect(cache.trusted).toBe(false);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
    const during = cache.beginRead();
    cache.trust(clock + 750);
    cache.store(user, '/api/userDrugs', '{}', during);
    expect(cache.get(user, '/api/userDrugs')).toBeUndefined();
    expect(cache.get(user, '/api/spending')).toBeUndefined();

    read(cache, user);
    cache.distrust();
    expect(cache.size).toBe(0);
    expect(cache.get(user, '/api/spending')).toBeUndefined();
  });
});
