import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { UsersService } from '../../src/modules/auth';
import { createUser } from '../factories/user.factory';
import { bearer, createTestApp, dataSourceOf } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

const PARTNER_KEY = 'partner-key-0123456789abcdefghij';

describe('referrals: POST /api/externalEnrollment/referralCodes, GET .../exchangeReferralCodeForToken/{code}', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp({ REFERRAL_PARTNER_KEYS: `acme=${PARTNER_KEY}` });
  });
  afterAll(() => app?.close());

  const mint = (email: string, apiKey = PARTNER_KEY) =>
    app.inject({
      method: 'POST',
      url: '/api/externalEnrollment/referralCodes',
      headers: { 'x-api-key': apiKey },
      payload: { email, firstName: 'Ref', lastName: 'Erred' },
    });
  const exchange = (code: string) => app.inject({ method: 'GET', url: `/api/externalEnrollment/exchangeReferralCodeForToken/${code}` });
  const attach = (code: string, token: string) =>
    app.inject({ method: 'POST', url: '/api/externalEnrollment/attachReferral', payload: { code }, headers: bearer(token) });
  const signIn = async (email: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email, password: 'Harbor-Lantern-74' },
      headers: { 'x-forwarded-for': anIPv6() },
    });
    expect(res.statusCode).toBe(200);
    return res.json().token as string;
  };
  const sessionsOf = async (userId: string) =>
    (await dataSourceOf(app).query('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [userId]))[0].n as number;
  const referralRow = async (email: string) =>
    (await dataSourceOf(app).query('SELECT user_id, used_at, attached_at FROM referral_codes WHERE email = $1', [email]))[0];

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
    const [row] = await dataSourceOf(app).query('SELECT code_hash, user_id FROM referral_codes WHERE email = $1', [email]);
    expect(row.code_hash).not.toBe(code);
    expect(row.user_id).toBe(me.json().id);
  });

  it.each([
    ['as stored', (email: string) => email],
    ['in upper case', (email: string) => email.toUpperCase()],
    ['in mixed case with spaces around', (email: string) => `  ${email[0].toUpperCase()}${email.slice(1)}  `],
    // U+212A KELVIN SIGN lower-cases to "k", as sign-in normalises it.
    ['with a lookalike letter', (email: string) => email.replace('k', '\u212A')],
  ])('never gives a session for an existing account, its e-mail %s: 409 sign-in required', async (_, spell) => {
    const user = await createUser(dataSourceOf(app), { email: `kate.${randomUUID().slice(0, 8)}@example.com` });
    const minted = await mint(spell(user.email));
    expect(minted.statusCode).toBe(201);
    const res = await exchange(minted.json().code);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'INSURERS.REFERRAL_SIGN_IN_REQUIRED',
      message: 'You already have an account with this email address. Please sign in to continue.',
    });
    expect(JSON.stringify(res.json())).not.toMatch(/token|eyJ/);
    expect(await sessionsOf(user.id)).toBe(0);
    const accounts = await dataSourceOf(app).query('SELECT id FROM users WHERE email = $1', [user.email]);
    expect(accounts).toEqual([{ id: user.id }]);
    // Asking again changes nothing: still no session.
    expect((await exchange(minted.json().code)).statusCode).toBe(409);
    expect(await sessionsOf(user.id)).toBe(0);
  });

  it('attaches the referral to the account once its owner has signed in, once', async () => {
    const user = await createUser(dataSourceOf(app));
    const { code } = (await mint(user.email.toUpperCase())).json();
    expect((await exchange(code)).statusCode).toBe(409);
    const token = await signIn(user.email);
    const res = await attach(code, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Referral added to your account', partner: 'acme' });
    expect(await referralRow(user.email)).toMatchObject({ user_id: user.id, used_at: expect.any(Date), attached_at: expect.any(Date) });
    expect((await attach(code, token)).json()).toMatchObject({ code: 'INSURERS.REFERRAL_INVALID' });
    expect((await exchange(code)).statusCode).toBe(400);
  });

  it("never attaches a referral to somebody else's account, and needs a session to attach", async () => {
    const owner = await createUser(dataSourceOf(app));
    const stranger = await createUser(dataSourceOf(app));
    const { code } = (await mint(owner.email)).json();
    const res = await attach(code, await signIn(stranger.email));
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'INSURERS.REFERRAL_OTHER_ACCOUNT' });
    expect(await referralRow(owner.email)).toMatchObject({ user_id: null, used_at: null });
    expect((await app.inject({ method: 'POST', url: '/api/externalEnrollment/attachReferral', payload: { code } })).statusCode).toBe(401);
    // The owner can still take it up.
    expect((await attach(code, await signIn(owner.email))).statusCode).toBe(200);
  });

  it('gives no session when the e-mail gets an account between the check and the creation (a racing sign-up)', async () => {
    const user = await createUser(dataSourceOf(app));
    const { code } = (await mint(user.email)).json();
    // The existence check misses the account, as it would while a sign-up commits in between.
    jest.spyOn(app.get(UsersService), 'emailTaken').mockResolvedValueOnce(false);
    const res = await exchange(code);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INSURERS.REFERRAL_SIGN_IN_REQUIRED');
    expect(await sessionsOf(user.id)).toBe(0);
    // Rolled back: the code is still live for attaching after sign-in.
    expect(await referralRow(user.email)).toMatchObject({ used_at: null });
    expect((await attach(code, await signIn(user.email))).statusCode).toBe(200);
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
