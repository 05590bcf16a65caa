import Fastify, { type FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { allowRevalidation, registerConditionalGet, weakEtagOf } from './etag';
import { READ_CACHE_CONTENT_TYPE, UserReadCache } from './read-cache';
import { registerReadCacheFastPath } from './read-cache-fast-path';

const bearerTokenOf = (header: unknown) => (typeof header === 'string' ? /^Bearer (\S+)$/.exec(header)?.[1] : undefined);

/**
 * A stand-in for the app: the fast path, the conditional-GET hook, and a route that answers as the guard plus the
 * read-cache interceptor would (401 without a live session, else the kept answer or a fresh one it keeps). `sessions`
 * is what the guard finds alive (token -> user); `inMemory` is what knownUser answers from memory.
 */
async function setUp() {
  const cache = new UserReadCache({ maxEntries: 100, maxChars: 1_000_000, ttlMs: 60_000, suspendMs: 2_000 });
  cache.trust(Date.now() + 60_000);
  const sessions = new Map<string, string>();
  const inMemory = new Map<string, string>();
  const knownUser = jest.fn((token: string) => (inMemory.has(token) ? { userId: inMemory.get(token)! } : undefined));
  const handler = jest.fn();
  const fastify: FastifyInstance = Fastify({ logger: false });
  registerConditionalGet(fastify, '/api');
  registerReadCacheFastPath(fastify, { prefix: '/api', cache, bearerTokenOf, knownUser });
  fastify.get('/api/userDrugs', async (request, reply) => {
    handler(request.url);
    const token = bearerTokenOf(request.headers.authorization) ?? '';
    const userId = sessions.get(token);
    if (!userId) return reply.code(401).send({ code: 'AUTH.UNAUTHORIZED' });
    inMemory.set(token, userId);
    allowRevalidation(request);
    const ticket = cache.beginRead();
    const body = cache.get(userId, request.url) ?? JSON.stringify({ queryRes: [], user: userId, at: handler.mock.calls.length });
    cache.store(userId, request.url, body, ticket);
    return reply.header('content-type', READ_CACHE_CONTENT_TYPE).send(body);
  });
  fastify.post('/api/userDrugs', async () => ({ posted: true }));
  await fastify.ready();

  const [token, userId] = [randomUUID(), randomUUID()];
  sessions.set(token, userId);
  const get = (url: string, headers: Record<string, string> = { authorization: `Bearer ${token}` }) =>
    fastify.inject({ method: 'GET', url, headers });
  return { fastify, handler, knownUser, cache, sessions, inMemory, token, userId, get };
}

describe('registerReadCacheFastPath', () => {
  const apps: FastifyInstance[] = [];
  afterAll(() => Promise.all(apps.map((app) => app.close())));
  const make = async () => {
    const app = await setUp();
    apps.push(app.fastify);
    return app;
  };

  it('answers a kept read before the route, with the same bytes, type, ETag and caching headers', async () => {
    const { get, handler, token } = await make();
    const first = await get('/api/userDrugs?limit=3');
    const again = await get('/api/userDrugs?limit=3');
    expect(handler).toHaveBeenCalledTimes(1);
    expect(again.statusCode).toBe(200);
    expect(again.body).toBe(first.body);
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control', 'vary']) {
      expect([name, again.headers[name]]).toEqual([name, first.headers[name]]);
    }
    expect(again.headers.etag).toBe(weakEtagOf(first.body));

    const unchanged = await get('/api/userDrugs?limit=3', {
      authorization: `Bearer ${token}`,
      'if-none-match': String(first.headers.etag),
    });
    expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);
    expect(handler).toHaveBeenCalledTimes(1);
  });

  it('passes a token whose session is not known alive in memory on to the route (the guard checks it and answers)', async () => {
    const { get, handler, sessions, inMemory, token, knownUser } = await make();
    await get('/api/userDrugs');
    // The session ended: the session cache forgot it, so the guard asks PostgreSQL, which refuses it.
    inMemory.delete(token);
    sessions.delete(token);
    const refused = await get('/api/userDrugs');
    expect(refused.statusCode).toBe(401);
    expect(refused.headers.etag).toBeUndefined();
    expect(handler).toHaveBeenCalledTimes(2);
    expect(knownUser).toHaveBeenLastCalledWith(token);
  });

  it("never answers one member's read to another, another URL, no token, a write or an untrusted cache", async () => {
    const { get, handler, sessions, cache, fastify, token, knownUser } = await make();
    await get('/api/userDrugs');
    const otherToken = randomUUID();
    sessions.set(otherToken, randomUUID());
    const theirs = await get('/api/userDrugs', { authorization: `Bearer ${otherToken}` });
    expect(theirs.json()).toMatchObject({ user: sessions.get(otherToken) });
    await get('/api/userDrugs', { authorization: `Bearer ${otherToken}` });
    expect(handler).toHaveBeenCalledTimes(2);

    await get('/api/userDrugs?limit=5');
    expect(handler).toHaveBeenCalledTimes(3);
    expect((await get('/api/userDrugs', {})).statusCode).toBe(401);
    expect(handler).toHaveBeenCalledTimes(4);
    const posted = await fastify.inject({ method: 'POST', url: '/api/userDrugs', headers: { authorization: `Bearer ${token}` } });
    expect(posted.json()).toEqual({ posted: true });

    knownUser.mockClear();
    cache.distrust();
    await get('/api/userDrugs');
    expect(handler).toHaveBeenCalledTimes(5);
    expect(knownUser).not.toHaveBeenCalled();
  });
});
