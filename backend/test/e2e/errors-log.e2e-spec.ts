import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomInt, randomUUID } from 'node:crypto';
import { RATE_LIMITS } from '../../src/modules/auth';
import { ErrorLogEntity } from '../../src/modules/debug/entities/error-log.entity';
import { buildLogErrorRequest } from '../factories/error-log.factory';
import { bearer, createTestApp, dataSourceOf, signRaw, tokenFor } from '../utils/test-app';

// Above the 8 KB cap of errorDetails, so that the cap, not the body limit, answers a large field.
const BODY_LIMIT = 32 * 1024;
// Each request from its own address unless a test says otherwise: the per-address limit is shared by the run.
const anAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

describe('POST /api/errors/log', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp({ BODY_LIMIT_BYTES: String(BODY_LIMIT) });
  });
  afterAll(() => app?.close());

  const stored = (id: string) => dataSourceOf(app).getRepository(ErrorLogEntity).findOneByOrFail({ id });
  const post = (payload: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method: 'POST',
      url: '/api/errors/log',
      payload: payload as object,
      headers: { 'x-forwarded-for': anAddress(), ...headers },
    });

  it('stores a visitor entry and answers 201 with its id', async () => {
    const body = buildLogErrorRequest({ errorDetails: { nested: [1, 'two', { three: true }] } });
    const res = await post(body);
    expect(res.statusCode).toBe(201);
    const row = await stored(res.json().id);
    expect(row).toMatchObject({
      errorType: body.errorType,
      insurerName: 'Aetna',
      host: 'localhost',
      userId: null,
      errorDetails: { nested: [1, 'two', { three: true }] },
    });
  });

  it('takes the user from a valid token and ignores the userId in the body', async () => {
    const { userId, token } = await tokenFor(app);
    const res = await post(buildLogErrorRequest({ userId: randomUUID() }), bearer(token));
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id)).userId).toBe(userId);
  });

  it('never trusts the userId in the body, even without a token', async () => {
    const res = await post(buildLogErrorRequest({ userId: randomUUID() }));
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id)).userId).toBeNull();
  });

  it('stays open with a bad token and records no user', async () => {
    const forged = signRaw({ sub: randomUUID() }, { expiresIn: 60 }, 'another-secret-another-secret-another-secret');
    const res = await post(buildLogErrorRequest(), bearer(forged));
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id)).userId).toBeNull();
  });

  it('answers 400 naming the field when errorType is missing', async () => {
    const { errorType: _omitted, ...body } = buildLogErrorRequest();
    const res = await post(body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      code: 'REQUEST.VALIDATION_FAILED',
      message: 'errorType should not be empty',
      errors: [{ field: 'errorType', message: 'errorType should not be empty' }],
    });
  });

  it('answers 400 for over-long strings and unknown fields', async () => {
    const long = await post(buildLogErrorRequest({ host: 'h'.repeat(256) }));
    expect(long.statusCode).toBe(400);
    expect(long.json().errors).toEqual([{ field: 'host', message: 'host must be shorter than or equal to 255 characters' }]);

    const unknown = await post({ ...buildLogErrorRequest(), isAdmin: true });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('isAdmin');
  });

  it('takes no user from a token whose session has ended', async () => {
    const { token } = await tokenFor(app);
    expect((await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) })).statusCode).toBeLessThan(300);
    const res = await post(buildLogErrorRequest(), bearer(token));
    expect(res.statusCode).toBe(201);
    expect((await stored(res.json().id)).userId).toBeNull();
  });

  it('answers 400 naming errorDetails when its JSON is over 8 KB, and stores nothing', async () => {
    const errorType = `TOO_BIG_${randomUUID().slice(0, 8)}`;
    const res = await post(buildLogErrorRequest({ errorType, errorDetails: { stack: 'x'.repeat(8 * 1024) } }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'REQUEST.VALIDATION_FAILED',
      errors: [{ field: 'errorDetails', message: 'errorDetails must be at most 8192 bytes as JSON' }],
    });
    const [{ count }] = await dataSourceOf(app).query('SELECT count(*)::int AS count FROM errors WHERE error_type = $1', [errorType]);
    expect(count).toBe(0);

    const fits = await post(buildLogErrorRequest({ errorDetails: { stack: 'x'.repeat(8 * 1024 - 20) } }));
    expect(fits.statusCode).toBe(201);
  });

  it('answers 400 naming userId when the ignored userId is oversized', async () => {
    const res = await post(buildLogErrorRequest({ userId: 'u'.repeat(100) }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].field).toBe('userId');
  });

  it('limits entries per address with a 429, while another address is still heard', async () => {
    const address = anAddress();
    const { max } = RATE_LIMITS.errorLogPerAddress;
    for (let i = 0; i < max; i++) {
      expect((await post(buildLogErrorRequest(), { 'x-forwarded-for': address })).statusCode).toBe(201);
    }
    const refused = await post(buildLogErrorRequest(), { 'x-forwarded-for': address });
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('REQUEST.TOO_MANY');
    expect(refused.headers['retry-after']).toBeDefined();
    expect((await post(buildLogErrorRequest())).statusCode).toBe(201);
  });

  it('answers 400 REQUEST.MALFORMED_JSON for a broken JSON body', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/errors/log',
      headers: { 'content-type': 'application/json' },
      payload: '{"errorType": "x",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ code: 'REQUEST.MALFORMED_JSON', message: 'Malformed JSON body' });
  });

  it('answers 413 for a body over BODY_LIMIT_BYTES', async () => {
    const res = await post(buildLogErrorRequest({ errorDetails: { blob: 'x'.repeat(BODY_LIMIT) } }));
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'REQUEST.PAYLOAD_TOO_LARGE', message: 'Request body is too large' });
  });

  it('answers 415 for a body that is not JSON', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/errors/log',
      headers: { 'content-type': 'text/plain' },
      payload: 'errorType=x',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().code).toBe('REQUEST.UNSUPPORTED_MEDIA_TYPE');
  });
});
