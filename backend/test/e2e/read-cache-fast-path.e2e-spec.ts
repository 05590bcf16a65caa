import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { UserReadCache } from '../../src/common/http/read-cache';
import { randomUUID } from 'node:crypto';
import { HealthDataService, UserDataReadCacheInterceptor } from '../../src/modules/health-data';
import { USER_DATA_CHANGED_CHANNEL } from '../../src/modules/health-data/user-data-changes.listener';
import { buildEob } from '../factories/health-data.factory';
import { pollUntil } from '../utils/poll';
import { bearer, createTestApp, dataSourceOf, signRaw, tokenFor } from '../utils/test-app';

/**
 * The read-cache fast path (common/http/read-cache-fast-path.ts) in the whole app: a member's repeated read is
 * answered before Nest's pipeline with the answer Nest gave, and still only to a token whose session is alive.
 */
describe('repeated reads answered before Nest', () => {
  let app: NestFastifyApplication;
  const url = '/api/explanationOfBenefits?limit=3';

  beforeAll(async () => {
    app = await createTestApp();
    // The read cache answers once the app's listener is up (it connects at boot).
    expect(await pollUntil(async () => app.get(UserReadCache).trusted, Boolean, 5_000, 20)).toBe(true);
  });
  afterAll(() => app?.close());

  const get = (token: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers: { ...bearer(token), ...headers } });
  async function member() {
    const me = await tokenFor(app);
    await app.get(HealthDataService).ingest(me.userId, 'uhc', [buildEob({ date: '2025-03-01' })]);
    // The ingest's NOTIFY evicts the member's answers whenever it arrives: a read kept before it would be dropped. A
    // marker sent after it on the same channel arrives after it (one listening connection, commit order), so once the
    // marker's eviction is seen, the member's answers are kept.
    const marker = randomUUID();
    const evicted = jest.spyOn(app.get(UserReadCache), 'evictUser');
    try {
      await dataSourceOf(app).query('SELECT pg_notify($1, $2)', [USER_DATA_CHANGED_CHANNEL, marker]);
      await pollUntil(async () => evicted.mock.calls.some(([id]) => id === marker), Boolean, 10_000, 10);
    } finally {
      evicted.mockRestore();
    }
    return me;
  }
  const refused = (res: { statusCode: number }) => res.statusCode === 401;

  it('answers the same status, bytes and headers as Nest did, without running its interceptor', async () => {
    const me = await member();
    const intercept = jest.spyOn(UserDataReadCacheInterceptor.prototype, 'intercept');
    try {
      const first = await get(me.token);
      const again = await get(me.token, { 'x-correlation-id': 'fast-path-check' });
      expect(intercept).toHaveBeenCalledTimes(1);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      // Every header alike but the ones of the moment (the date, the request's id, its server time).
      const headers = (res: typeof first) =>
        Object.entries(res.headers).filter(([name]) => !['date', 'x-correlation-id', 'server-timing'].includes(name));
      expect(headers(again)).toEqual(headers(first));
      expect(again.headers['server-timing']).toMatch(/^app;dur=/);
      expect(again.headers['x-correlation-id']).toBe('fast-path-check');
      expect(again.headers['content-security-policy']).toContain("default-src 'self'");

      const unchanged = await get(me.token, { 'if-none-match': String(first.headers.etag) });
      expect([unchanged.statusCode, unchanged.body]).toEqual([304, '']);
      expect(intercept).toHaveBeenCalledTimes(1);
    } finally {
      intercept.mockRestore();
    }
  });

  it('refuses a kept read to a token whose session ended on logout, at once', async () => {
    const me = await member();
    expect((await get(me.token)).statusCode).toBe(200);
    expect((await get(me.token)).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(me.token) })).statusCode).toBe(200);
    const res = await get(me.token);
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('refuses a kept read within a second of its session ending in PostgreSQL (as another process ends it)', async () => {
    const me = await member();
    expect((await get(me.token)).statusCode).toBe(200);
    expect((await get(me.token)).statusCode).toBe(200);
    await dataSourceOf(app).query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = $1`, [me.userId]);
    expect((await pollUntil(() => get(me.token), refused, 1_000, 20)).statusCode).toBe(401);
  });

  it("refuses a kept read to a token the API did not sign, even with the member's claims", async () => {
    const me = await member();
    const good = await get(me.token);
    expect(good.statusCode).toBe(200);
    const [, payload] = me.token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as { sub: string; sid: string };
    const forged = signRaw({ sub: claims.sub, sid: claims.sid }, { expiresIn: 600 }, 'another-secret-that-is-long-enough-0123456789');
    expect((await get(forged)).statusCode).toBe(401);
    expect((await get(me.token)).statusCode).toBe(200);
  });
});
