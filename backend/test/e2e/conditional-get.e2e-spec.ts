import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { bearer, createTestApp, tokenFor } from '../utils/test-app';

/** Conditional GET on the signed-in caller's JSON reads (issue 13): weak ETag, 304, private and revalidated. */
describe('conditional GET of signed-in reads', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('answers a weak ETag, private no-cache and Vary: Authorization, and 304 without a body to If-None-Match', async () => {
    const { token } = await tokenFor(app);
    const first = await get('/api/user', bearer(token));
    expect(first.statusCode).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect(first.headers.vary).toMatch(/\bAuthorization\b/);

    const again = await get('/api/user', { ...bearer(token), 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers['content-type']).toBeUndefined();

    // Strong or weak, in a list, or *: each names the current representation (weak comparison).
    for (const header of [etag.slice(2), `W/"other", ${etag}`, '*']) {
      expect((await get('/api/user', { ...bearer(token), 'if-none-match': header })).statusCode).toBe(304);
    }
    const other = await get('/api/user', { ...bearer(token), 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual(first.json());
  });

  it('answers 200 with a new ETag once the data changed', async () => {
    const { token } = await tokenFor(app);
    const first = await get('/api/user', bearer(token));
    const put = await app.inject({
      method: 'PUT',
      url: '/api/updateUserProfile',
      headers: bearer(token),
      payload: { first_name: 'Grace' },
    });
    expect(put.statusCode).toBe(200);
    const changed = await get('/api/user', { ...bearer(token), 'if-none-match': first.headers.etag as string });
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ firstName: 'Grace' });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
  });

  it('never answers 304 to a token whose session ended', async () => {
    const { token } = await tokenFor(app);
    const { etag } = (await get('/api/user', bearer(token))).headers;
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBe(200);
    const res = await get('/api/user', { ...bearer(token), 'if-none-match': etag as string });
    expect(res.statusCode).toBe(401);
    expect(res.headers.etag).toBeUndefined();
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('leaves public routes, errors and writes as they were, a token or not', async () => {
    const { token } = await tokenFor(app);
    const [ping, siteInfo, missing] = await Promise.all([
      get('/api/pingServer', bearer(token)),
      get('/api/siteInfo', bearer(token)),
      get('/api/pollingEvent/00000000-0000-4000-8000-000000000000', bearer(token)),
    ]);
    const logout = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect([ping.statusCode, ping.headers['cache-control'], ping.headers.etag]).toEqual([200, 'no-store', undefined]);
    expect([siteInfo.statusCode, siteInfo.headers['cache-control'], siteInfo.headers.etag]).toEqual([
      200,
      'public, max-age=300',
      undefined,
    ]);
    expect([missing.statusCode, missing.headers['cache-control'], missing.headers.etag]).toEqual([404, 'no-store', undefined]);
    expect([logout.statusCode, logout.headers['cache-control'], logout.headers.etag]).toEqual([200, 'no-store', undefined]);
  });
});
