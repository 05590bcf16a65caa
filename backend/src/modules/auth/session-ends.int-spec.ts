import { ConfigService } from '@nestjs/config';
import { JwtService } from '@nestjs/jwt';
import type { DataSource } from 'typeorm';
import { createUser } from '../../../test/factories/user.factory';
import { testConfig, TEST_JWT_SECRET } from '../../../test/utils/test-app';
import { openTestDataSource } from '../../../test/utils/test-data-source';
import type { AppConfig } from '../../config';
import { SessionEntity } from './entities/session.entity';
import { SessionCache } from './session-cache';
import { SESSION_ENDS_TIMING, SessionEndsListener } from './session-ends.listener';
import { SessionsRepository } from './sessions.repository';
import { SESSION_CACHE_OPTIONS, SessionsService } from './sessions.service';
import { TokenService } from './token.service';

/** What one API process holds: its own pool, session cache and listening connection. */
interface ApiProcess {
  dataSource: DataSource;
  cache: SessionCache;
  listener: SessionEndsListener;
  sessions: SessionsService;
  repository: SessionsRepository;
}

async function waitFor(condition: () => boolean | Promise<boolean>, timeoutMs: number): Promise<number> {
  const started = Date.now();
  while (!(await condition())) {
    if (Date.now() - started > timeoutMs) throw new Error(`not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return Date.now() - started;
}

async function startProcess(cacheOptions: Partial<typeof SESSION_CACHE_OPTIONS> & { now?: () => number } = {}): Promise<ApiProcess> {
  const dataSource = await openTestDataSource([SessionEntity]);
  const repository = new SessionsRepository(dataSource.getRepository(SessionEntity));
  const config = new ConfigService<AppConfig, true>(testConfig() as unknown as Record<string, unknown>);
  const cache = new SessionCache({ ...SESSION_CACHE_OPTIONS, ...cacheOptions });
  const tokens = new TokenService(new JwtService({ secret: TEST_JWT_SECRET }));
  const sessions = new SessionsService(repository, tokens, config, cache);
  const listener = new SessionEndsListener(config, cache);
  listener.timing = { ...SESSION_ENDS_TIMING, backoffMs: { first: 50, max: 200 } };
  listener.onApplicationBootstrap();
  await waitFor(() => listener.listening, 5_000);
  return { dataSource, cache, listener, sessions, repository };
}

async function stopProcess(p: ApiProcess | undefined): Promise<void> {
  await p?.listener.onApplicationShutdown();
  await p?.dataSource.destroy();
}

describe('session ends across API processes (PostgreSQL LISTEN/NOTIFY)', () => {
  let a: ApiProcess;
  let b: ApiProcess;

  beforeAll(async () => {
    [a, b] = await Promise.all([startProcess(), startProcess()]);
  });
  afterAll(async () => {
    await stopProcess(a);
    await stopProcess(b);
  });

  /** A user with a session that process b has checked once, so that b now answers it from memory. */
  async function sessionKnownToB(): Promise<{ userId: string; sessionId: string }> {
    const user = await createUser(a.dataSource);
    const { id: sessionId } = await a.repository.insert({
      userId: user.id,
      expiresAt: new Date(Date.now() + 3600_000),
      ip: null,
      userAgent: null,
    });
    expect(await b.sessions.isActive({ userId: user.id, sessionId })).toBe(true);
    expect(b.cache.isAlive(sessionId, user.id)).toBe(true);
    return { userId: user.id, sessionId };
  }
  const refusedByB =
    ({ userId, sessionId }: { userId: string; sessionId: string }) =>
    () =>
      b.sessions.isActive({ userId, sessionId }).then((alive) => !alive);

  it('answers a checked session from memory: no query until its TTL', async () => {
    const session = await sessionKnownToB();
    const query = jest.spyOn(b.repository, 'touchIfAlive');
    try {
      for (let i = 0; i < 5; i++) expect(await b.sessions.isActive(session)).toBe(true);
      expect(query).not.toHaveBeenCalled();
    } finally {
      query.mockRestore();
    }
  });

  it('sign-out on one process: the other refuses the token within a second', async () => {
    const session = await sessionKnownToB();
    await a.sessions.end(session);
    // This process does not wait for the NOTIFY.
    expect(await a.sessions.isActive(session)).toBe(false);
    expect(await waitFor(refusedByB(session), 1_000)).toBeLessThan(1_000);
  });

  it('a password change (every other session, kept one alive), and then b refuses only the ended ones', async () => {
    const kept = await sessionKnownToB();
    const { id: otherId } = await a.repository.insert({
      userId: kept.userId,
      expiresAt: new Date(Date.now() + 3600_000),
      ip: null,
      userAgent: null,
    });
    const other = { userId: kept.userId, sessionId: otherId };
    expect(await b.sessions.isActive(other)).toBe(true);

    expect(await a.sessions.endAll(kept.userId, 'password_change', kept.sessionId)).toBe(1);
    await waitFor(refusedByB(other), 1_000);
    expect(await b.sessions.isActive(kept)).toBe(true);
  });

  it('an end committed in a transaction (e-mail change, password reset) reaches b at commit', async () => {
    const session = await sessionKnownToB();
    await a.dataSource.transaction(async (manager) => {
      await a.sessions.endAll(session.userId, 'email_change', undefined, manager);
      await b.listener.sync();
      // Not committed yet: still alive everywhere.
      expect(await b.sessions.isActive(session)).toBe(true);
    });
    await b.listener.sync();
    expect(b.cache.isAlive(session.sessionId, session.userId)).toBe(false);
    expect(await b.sessions.isActive(session)).toBe(false);
  });

  it('account deletion (the foreign key deletes the sessions) and a staff UPDATE are ends too', async () => {
    const deleted = await sessionKnownToB();
    await a.dataSource.query('DELETE FROM users WHERE id = $1', [deleted.userId]);
    await waitFor(refusedByB(deleted), 1_000);

    const revokedByStaff = await sessionKnownToB();
    await a.dataSource.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'logout' WHERE id = $1`, [revokedByStaff.sessionId]);
    await waitFor(refusedByB(revokedByStaff), 1_000);
  });

  it('the idle timeout still ends a session b answers from memory', async () => {
    const session = await sessionKnownToB();
    // 31 idle minutes, as the database sees them.
    await a.dataSource.query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE id = $1`, [session.sessionId]);
    await waitFor(refusedByB(session), 1_000);
    const [row] = await a.dataSource.query('SELECT revoked_at FROM sessions WHERE id = $1', [session.sessionId]);
    expect(row.revoked_at).toBeNull();
  });

  it('while b’s listener is down, b checks every session in PostgreSQL (fail closed), and uses its cache again once back', async () => {
    const session = await sessionKnownToB();
    const pid = b.listener.backendPid;
    expect(pid).toEqual(expect.any(Number));
    // Held down: the next attempt is far away.
    b.listener.timing = { ...b.listener.timing, backoffMs: { first: 60_000, max: 60_000 } };
    await a.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(() => !b.listener.listening, 2_000);
    expect(b.cache.size).toBe(0);

    // An end b cannot hear of: it must still refuse at once, because it asks PostgreSQL.
    await a.repository.revoke(session.sessionId, session.userId, 'logout');
    expect(await b.sessions.isActive(session)).toBe(false);
    // A live session is answered, but not remembered while down.
    const { id: liveId } = await a.repository.insert({
      userId: session.userId,
      expiresAt: new Date(Date.now() + 3600_000),
      ip: null,
      userAgent: null,
    });
    const query = jest.spyOn(b.repository, 'touchIfAlive');
    try {
      expect(await b.sessions.isActive({ userId: session.userId, sessionId: liveId })).toBe(true);
      expect(await b.sessions.isActive({ userId: session.userId, sessionId: liveId })).toBe(true);
      expect(query).toHaveBeenCalledTimes(2);
    } finally {
      query.mockRestore();
    }
    expect(b.cache.size).toBe(0);

    // A new listener in its place (this one would retry in a minute): the cache answers again.
    await b.listener.onApplicationShutdown();
    b.listener = new SessionEndsListener(new ConfigService<AppConfig, true>(testConfig() as unknown as Record<string, unknown>), b.cache);
    b.listener.onApplicationBootstrap();
    await waitFor(() => b.listener.listening, 5_000);
    await sessionKnownToB();
  });

  it('a lost listener reconnects by itself (with backoff) on a new connection', async () => {
    const pid = b.listener.backendPid;
    b.listener.timing = { ...b.listener.timing, backoffMs: { first: 50, max: 200 } };
    await a.dataSource.query('SELECT pg_terminate_backend($1)', [pid]);
    await waitFor(() => !b.listener.listening, 2_000);
    await waitFor(() => b.listener.listening, 5_000);
    expect(b.listener.backendPid).not.toBe(pid);
    const session = await sessionKnownToB();
    await a.sessions.end(session);
    await waitFor(refusedByB(session), 1_000);
  });

  it('a listener connection that stops answering loses the cache’s trust within a second, and regains it', async () => {
    const session = await sessionKnownToB();
    const pid = b.listener.backendPid;
    // The listening backend busy for 1.5 s: heartbeats queue behind it unanswered (as on a silently dead link).
    const listening = (b.listener as unknown as { client: { query: (sql: string) => Promise<unknown> } }).client;
    const busy = listening.query('SELECT pg_sleep(1.5)');
    expect(await waitFor(() => !b.cache.trusted, 2_000)).toBeLessThan(1_000);
    expect(b.cache.isAlive(session.sessionId, session.userId)).toBe(false);
    await busy;
    await waitFor(() => b.listener.listening, 2_000);
    expect(b.listener.backendPid).toBe(pid);
  });

  it('requests answered from memory still reach last_seen_at, in batches', async () => {
    let offset = 0;
    const c = await startProcess({ ttlMs: 10 * 60_000, now: () => Date.now() + offset });
    try {
      const user = await createUser(c.dataSource);
      const { id: sessionId } = await c.repository.insert({
        userId: user.id,
        expiresAt: new Date(Date.now() + 3600_000),
        ip: null,
        userAgent: null,
      });
      const session = { userId: user.id, sessionId };
      expect(await c.sessions.isActive(session)).toBe(true);
      const before = (await c.dataSource.query('SELECT xmin::text AS xmin FROM sessions WHERE id = $1', [sessionId]))[0].xmin;

      await c.sessions.flushTouches();
      expect((await c.dataSource.query('SELECT xmin::text AS xmin FROM sessions WHERE id = $1', [sessionId]))[0].xmin).toBe(before);

      // 55 s on this process's clock: the next request is queued, and the flush writes it.
      offset = 55_000;
      await waitFor(() => c.cache.trusted, 1_000); // the listener's proofs are on this clock too
      const query = jest.spyOn(c.repository, 'touchIfAlive');
      expect(await c.sessions.isActive(session)).toBe(true);
      expect(query).not.toHaveBeenCalled();
      query.mockRestore();
      await c.sessions.flushTouches();
      const [after] = await c.dataSource.query(
        'SELECT xmin::text AS xmin, extract(epoch FROM now() - last_seen_at)::float8 AS ago FROM sessions WHERE id = $1',
        [sessionId],
      );
      expect(after.xmin).not.toBe(before);
      expect(after.ago).toBeLessThan(1);
      // Moving last_seen_at forward is not an end: the cache keeps the session.
      await c.listener.sync();
      expect(c.cache.isAlive(sessionId, user.id)).toBe(true);
    } finally {
      await stopProcess(c);
    }
  });
});
