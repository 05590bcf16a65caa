import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { createUser } from '../factories/user.factory';
import { bearer, createTestApp, dataSourceOf } from '../utils/test-app';

const PARTNER_KEY = 'partner-key-0123456789abcdefghij';

describe('referrals: POST /api/externalEnrollment/referralCodes, GET .../exchangeReferralCodeForToken/{code}', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp({ REFERRAL_PARTNER_KEYS: `acme=${PARTNER_KEY}` });
  });
  afterAll(() => app?.close());

  const mint = (email: string, apiKey = PARTNER_KEY) =>
    app.inject({ method: 'POST', url: '/api/externalEnrollment/referralCodes', headers: { 'x-api-key': apiKey }, payload: { email, firstName: 'Ref', lastName: 'Erred' } });
  const exchange = (code: string) => app.inject({ method: 'GET', url: `/api/externalEnrollment/exchangeReferralCodeForToken/${code}` });

  it('creates the account for a new e-mail and gives a working session token, once', async () => {
    const email = `referred.${randomUUID().slice(0, 8)}@example.com`;
    const minted = await mint(email);
    expect(minted.statusCode).toBe(201);
    const { code } = minted.json();
    const res = await exchange(code);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ token: expect.any(String), created: true });
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(res.json().token) });
    expect(me.json()).toMatchObject({ email, firstName: 'Ref' });
    const again = await exchange(code);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: 'Referral code invalid, expired, or already used' });
    const [row] = await dataSourceOf(app).query('SELECT code_hash FROM referral_codes WHERE email = $1', [email]);
    expect(row.code_hash).not.toBe(code);
  });

  it('signs in an existing account without creating another', async () => {
    const user = await createUser(dataSourceOf(app));
    const res = await exchange((await mint(user.email)).json().code);
    expect(res.json().created).toBe(false);
    const me = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(res.json().token) });
    expect(me.json().id).toBe(user.id);
  });

  it('refuses an expired or unknown code, and a partner without a valid key', async () => {
    const email = `late.${randomUUID().slice(0, 8)}@example.com`;
    const { code } = (await mint(email)).json();
    await dataSourceOf(app).query(`UPDATE referral_codes SET expires_at = now() - interval '1 second' WHERE email = $1`, [email]);
    expect((await exchange(code)).statusCode).toBe(400);
    expect((await exchange('no-such-code')).statusCode).toBe(400);
    expect((await mint(email, 'wrong-key-0123456789abcdefghijkl')).statusCode).toBe(401);
    expect((await mint('not-an-email')).statusCode).toBe(400);
  });
});
