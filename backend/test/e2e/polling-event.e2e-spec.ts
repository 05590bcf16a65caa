import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { createPollingEvent } from '../factories/polling-event.factory';
import { pollUntil } from '../utils/poll';
import { bearer, createTestApp, dataSourceOf, signRaw, tokenFor, TEST_JWT_SECRET } from '../utils/test-app';

describe('GET /api/pollingEvent/:id and POST /api/jobs/probe', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp({ JOBS_PROBE_ROUTE: 'true' });
  });
  afterAll(() => app?.close());

  const getEvent = (id: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url: `/api/pollingEvent/${id}`, headers });

  it('gives the owner status, pollInterval and response', async () => {
    const { userId, token } = await tokenFor(app);
    const event = await createPollingEvent(dataSourceOf(app), {
      ownerUserId: userId,
      status: 'complete',
      pollInterval: 1500,
      response: { rows: [1, 2] },
    });
    const res = await getEvent(event.id, bearer(token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'complete', pollInterval: 1500, response: { rows: [1, 2] } });
  });

  it("answers 404 for another user's event, exactly as for one that does not exist", async () => {
    const event = await createPollingEvent(dataSourceOf(app));
    const { token } = await tokenFor(app);
    const other = await getEvent(event.id, bearer(token));
    const missing = await getEvent(randomUUID(), bearer(token));
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'POLLING.NOT_FOUND', message: 'Polling event not found' });
    expect(missing.json()).toEqual(other.json());
  });

  it('answers 404 for a malformed id', async () => {
    const { token } = await tokenFor(app);
    const res = await getEvent('not-a-uuid', bearer(token));
    expect(res.statusCode).toBe(404);
    expect(res.json().code).toBe('POLLING.NOT_FOUND');
  });

  describe('rejects with 401 AUTH.UNAUTHORIZED', () => {
    let eventId: string;
    let ownerId: string;
    beforeAll(async () => {
      ownerId = randomUUID();
      eventId = (await createPollingEvent(dataSourceOf(app), { ownerUserId: ownerId })).id;
    });
    const expect401 = async (headers: Record<string, string>) => {
      const res = await getEvent(eventId, headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'AUTH.UNAUTHORIZED', message: 'Unauthorized' });
    };

    it('without a token', () => expect401({}));

    it("with an alg 'none' token", () => {
      const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
      const exp = Math.floor(Date.now() / 1000) + 600;
      const payload = Buffer.from(JSON.stringify({ sub: ownerId, exp })).toString('base64url');
      return expect401(bearer(`${header}.${payload}.`));
    });

    it('with a tampered token', () => {
      const [head, , signature] = signRaw({ sub: randomUUID() }, { expiresIn: 600 }).split('.');
      const payload = Buffer.from(JSON.stringify({ sub: ownerId, exp: Math.floor(Date.now() / 1000) + 600 })).toString('base64url');
      return expect401(bearer(`${head}.${payload}.${signature}`));
    });

    it('with an expired token', () => expect401(bearer(signRaw({ sub: ownerId, exp: Math.floor(Date.now() / 1000) - 10 }))));

    it('with a token that has no exp', () => expect401(bearer(signRaw({ sub: ownerId }))));

    it('with a token signed by another secret or algorithm', async () => {
      await expect401(bearer(signRaw({ sub: ownerId }, { expiresIn: 600 }, `${TEST_JWT_SECRET}-other`)));
      await expect401(bearer(signRaw({ sub: ownerId }, { expiresIn: 600, algorithm: 'HS512' })));
    });

    it('on POST /api/jobs/probe without a token', async () => {
      const res = await app.inject({ method: 'POST', url: '/api/jobs/probe' });
      expect(res.statusCode).toBe(401);
    });
  });

  it('runs a probe job through the queue to completion', async () => {
    const { token } = await tokenFor(app);
    const started = await app.inject({ method: 'POST', url: '/api/jobs/probe', headers: bearer(token) });
    expect(started.statusCode).toBe(202);
    const { pollingEventID } = started.json();
    expect(pollingEventID).toMatch(/^[0-9a-f-]{36}$/);

    const final = await pollUntil(
      async () => (await getEvent(pollingEventID, bearer(token))).json(),
      (body) => body.status !== 'pending',
    );
    expect(final).toEqual({
      status: 'complete',
      pollInterval: 1000,
      response: { handledBy: { pid: expect.any(Number), role: 'all', hostname: expect.any(String) }, queuedMs: expect.any(Number) },
    });
  });
});

describe('POST /api/jobs/probe in the normal app', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  it('is not a route: 404 for a signed-in patient, who never learns a pid or host name', async () => {
    const { token } = await tokenFor(app);
    const res = await app.inject({ method: 'POST', url: '/api/jobs/probe', headers: bearer(token) });
    expect(res.statusCode).toBe(404);
    expect(res.body).not.toMatch(/pid|hostname/);
  });
});
