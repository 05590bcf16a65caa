import { AccountMessages } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigService } from '@nestjs/config';
import { createHmac, randomUUID } from 'node:crypto';
import { RATE_LIMITS, RateLimiter } from '../../src/modules/auth';
import { JobQueueService } from '../../src/jobs';
import { deriveHmacKey } from '../../src/modules/auth/hmac-keys';
import { PRUNE_RATE_LIMITS_QUEUE } from '../../src/modules/auth/jobs/prune-rate-limits.job';
import { buildUser, createUser, TEST_PASSWORD } from '../factories/user.factory';
import { mailTo } from '../utils/mail-catcher';
import { pollUntil } from '../utils/poll';
import { bearer, createTestApp, dataSourceOf, signRaw, tokenFor } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

jest.setTimeout(60_000);

describe('auth: sign-up, login, sessions, password change and recovery', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  let ip = '';
  beforeEach(() => {
    // A fresh client address (documentation range) per test, so per-address limits never leak between tests.
    ip = anIPv6();
  });
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers: { 'x-forwarded-for': ip, ...headers } });
  const put = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'PUT', url, payload, headers: { 'x-forwarded-for': ip, ...headers } });
  const getUser = (token: string) => app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
  const signup = (overrides: object = {}) => {
    const user = buildUser();
    return post('/api/signup', { ...user, confirmPassword: user.password, ...overrides });
  };
  const login = (email: string, password: string) => post('/api/login', { email, password });

  describe('POST /api/signup', () => {
    it('creates the account and answers Signup passed with a working session token', async () => {
      const res = await signup();
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: 'Signup passed', token: expect.any(String) });
      const me = await getUser(res.json().token);
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ firstName: 'Ada' });
    });

    it.each([
      [{ firstName: '' }, 'firstName', AccountMessages.fillAllFields],
      [{ confirmPassword: undefined }, 'confirmPassword', AccountMessages.fillAllFields],
      [{ email: 'not-an-email' }, 'email', AccountMessages.invalidEmail],
      [{ email: 'a@b.c' }, 'email', AccountMessages.invalidEmail],
      [{ password: 'Blue-Harbor-74', confirmPassword: 'Blue-Harbor-75' }, 'confirmPassword', AccountMessages.passwordMismatch],
      [{ password: 'Sh0rt-pw!', confirmPassword: 'Sh0rt-pw!' }, 'password', AccountMessages.passwordTooShort],
      [{ password: 'Harbor-Lantern', confirmPassword: 'Harbor-Lantern' }, 'password', AccountMessages.passwordNeedsNumber],
      [{ password: '1234-5678-90', confirmPassword: '1234-5678-90' }, 'password', AccountMessages.passwordNeedsLetter],
      [{ password: 'HarborLantern74', confirmPassword: 'HarborLantern74' }, 'password', AccountMessages.passwordNeedsSpecial],
      [{ password: 'Password123!', confirmPassword: 'Password123!' }, 'password', AccountMessages.passwordTooCommon],
    ])('refuses %j with 400 on %s: %s', async (overrides, field, message) => {
      const res = await signup(overrides);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
    });

    it('lower-cases the e-mail and refuses the same e-mail in any case with 409 User already exists', async () => {
      const user = buildUser();
      const created = await post('/api/signup', { ...user, email: user.email.toUpperCase(), confirmPassword: user.password });
      expect(created.statusCode).toBe(201);
      const again = await post('/api/signup', { ...user, email: ` ${user.email} `, confirmPassword: user.password });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ code: 'AUTH.USER_EXISTS', message: 'User already exists' });
      const rows = await dataSourceOf(app).query('SELECT email FROM users WHERE email = $1', [user.email]);
      expect(rows).toHaveLength(1);
    });

    it('stores an argon2id hash, never the password', async () => {
      const user = buildUser();
      await post('/api/signup', { ...user, confirmPassword: user.password });
      const [row] = await dataSourceOf(app).query('SELECT password_hash FROM users WHERE email = $1', [user.email]);
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect(row.password_hash).not.toContain(user.password);
    });
  });

  describe('POST /api/login', () => {
    it('answers Login passed with a token (exp in seconds) and hasInsurance', async () => {
      const user = await createUser(dataSourceOf(app));
      const res = await login(user.email.toUpperCase(), TEST_PASSWORD);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Login passed', token: expect.any(String), hasInsurance: false });
      const claims = JSON.parse(Buffer.from(res.json().token.split('.')[1], 'base64url').toString());
      expect(claims.exp).toBeGreaterThan(Date.now() / 1000);
      expect(claims.exp).toBeLessThan(Date.now() / 1000 + 13 * 3600);
      expect(claims.sub).toBe(user.id);
    });

    it('gives the same 401 Invalid credentials for a wrong password and an unknown e-mail, in about the same time', async () => {
      const user = await createUser(dataSourceOf(app));
      const timed = async (email: string) => {
        const started = process.hrtime.bigint();
        const res = await login(email, 'Wrong-Password-99');
        return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
      };
      const wrong = [];
      const unknown = [];
      // Seven interleaved samples each: a median over three was at the mercy of one busy moment on a shared machine.
      for (let i = 0; i < 7; i++) {
        wrong.push(await timed(user.email));
        unknown.push(await timed(`nobody.${randomUUID().slice(0, 8)}@example.com`));
      }
      for (const { res } of [...wrong, ...unknown]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ code: 'AUTH.INVALID_CREDENTIALS', message: 'Invalid credentials' });
      }
      const median = (xs: { ms: number }[]) => xs.map((x) => x.ms).sort((a, b) => a - b)[3];
      // Both verify an argon2id hash; an unknown e-mail must not answer measurably faster.
      expect(median(unknown)).toBeGreaterThan(median(wrong) * 0.5);
    });

    it.each([
      [{ email: '', password: 'x' }, AccountMessages.fillAllFields],
      [{ email: 'patient@example.com', password: '' }, AccountMessages.fillAllFields],
      [{ email: 'patient@', password: 'Harbor-Lantern-74' }, AccountMessages.invalidEmail],
      [{ email: 'patient@example.com', password: 'short' }, AccountMessages.passwordTooShort],
    ])('refuses %j with 400: %s', async (payload, message) => {
      const res = await post('/api/login', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(message);
    });

    it('throttles guesses at one account from one address with 429 and Retry-After, while its owner elsewhere still signs in', async () => {
      const user = await createUser(dataSourceOf(app));
      const other = await createUser(dataSourceOf(app));
      const stranger = ip;
      for (let i = 0; i < 8; i++) expect((await login(user.email, 'Wrong-Password-99')).statusCode).toBe(401);
      const blocked = await login(user.email, TEST_PASSWORD);
      expect(blocked.statusCode).toBe(429);
      expect(blocked.json().code).toBe('REQUEST.TOO_MANY');
      expect(blocked.json().message).toMatch(/^Too many attempts\. Please wait \d+ minutes? and try again\.$/);
      expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
      expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);

      // The owner, at their own address, with the right password: not locked out by the stranger.
      ip = '2001:db8:0:1::a';
      expect((await login(user.email.toUpperCase(), TEST_PASSWORD)).statusCode).toBe(200);
      // The stranger is still throttled, right password or not.
      ip = stranger;
      expect((await login(user.email, 'Wrong-Password-98')).statusCode).toBe(429);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('past a ceiling of failures across addresses, stops addresses that already failed on the account, not a fresh one', async () => {
      const user = await createUser(dataSourceOf(app));
      ip = '198.51.100.200';
      for (let j = 0; j < 4; j++) expect((await login(user.email, `Wrong-Password-${j}`)).statusCode).toBe(401);
      // 96 more from elsewhere, counted as the limiter counts them (argon2 100 times would only slow the test).
      const limiter = app.get(RateLimiter);
      for (let i = 0; i < 96; i++) await limiter.count(RATE_LIMITS.loginFailuresPerAccount, user.email);
      // 100 failures now: this address (which failed) is refused; a fresh one still gets in with the password.
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(429);
      ip = '198.51.100.201';
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('keeps no e-mail or address in clear in the rate-limit counters', async () => {
      const user = await createUser(dataSourceOf(app));
      expect((await login(user.email, 'Wrong-Password-99')).statusCode).toBe(401);
      const rows: { key: string }[] = await dataSourceOf(app).query(`SELECT key FROM rate_limits`);
      expect(rows.length).toBeGreaterThan(0);
      const named = rows.filter(({ key }) => key.includes(user.email) || key.includes(ip) || key.includes('@'));
      expect(named).toEqual([]);
    });

    it('prunes spent counters on a schedule: a cron in pg-boss, worked by the job', async () => {
      const schema = app.get(ConfigService).get('jobs').schema as string;
      const schedules = await dataSourceOf(app).query(`SELECT name, cron, options->>'tz' AS tz FROM "${schema}".schedule WHERE name = $1`, [
        PRUNE_RATE_LIMITS_QUEUE,
      ]);
      expect(schedules).toEqual([{ name: PRUNE_RATE_LIMITS_QUEUE, cron: '*/15 * * * *', tz: 'UTC' }]);
      const stale = `stale-${randomUUID()}`;
      await dataSourceOf(app).query(`INSERT INTO rate_limits (key, window_started_at, hits) VALUES ($1, now() - interval '1 day', 8)`, [
        stale,
      ]);
      // What the cron sends at each tick.
      await app.get(JobQueueService).send(PRUNE_RATE_LIMITS_QUEUE, {});
      const left = await pollUntil(
        async () => (await dataSourceOf(app).query(`SELECT key FROM rate_limits WHERE key = $1`, [stale])).length,
        (n) => n === 0,
      );
      expect(left).toBe(0);
    });

    it('limits attempts per address with 429', async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 31; i++)
        statuses.push((await login(`x${i}.${randomUUID().slice(0, 6)}@example.com`, 'Wrong-Password-99')).statusCode);
      expect(statuses.slice(0, 30).every((s) => s === 401)).toBe(true);
      expect(statuses[30]).toBe(429);
    });
  });

  describe('session tokens', () => {
    it('refuses alg none and a tampered payload', async () => {
      const { userId, token } = await tokenFor(app);
      const [, payload, signature] = token.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const none = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      expect((await getUser(none)).statusCode).toBe(401);
      const other = await createUser(dataSourceOf(app));
      const tampered = `${token.split('.')[0]}.${Buffer.from(JSON.stringify({ ...claims, sub: other.id })).toString('base64url')}.${signature}`;
      expect((await getUser(tampered)).statusCode).toBe(401);
      expect(claims.sub).toBe(userId);
      expect((await getUser(token)).statusCode).toBe(200);
    });

    it('refuses a validly signed token whose session does not exist', async () => {
      const { userId } = await tokenFor(app);
      const forged = signRaw({ sub: userId, sid: randomUUID() }, { expiresIn: 600 });
      expect((await getUser(forged)).statusCode).toBe(401);
    });

    it('ends the session on logout', async () => {
      const { token } = await tokenFor(app);
      const res = await app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
      expect(res.statusCode).toBe(200);
      expect((await getUser(token)).statusCode).toBe(401);
    });

    it('lets a session idle for 30 minutes die on the server', async () => {
      const { userId, token } = await tokenFor(app);
      expect((await getUser(token)).statusCode).toBe(200);
      await dataSourceOf(app).query(`UPDATE sessions SET last_seen_at = now() - interval '31 minutes' WHERE user_id = $1`, [userId]);
      // The session cache hears of the change by NOTIFY: within a second, never later.
      const refused = (res: { statusCode: number }) => res.statusCode === 401;
      expect((await pollUntil(() => getUser(token), refused, 1_000, 20)).statusCode).toBe(401);
    });

    it('keeps an active session alive by use', async () => {
      const { userId, token } = await tokenFor(app);
      await dataSourceOf(app).query(`UPDATE sessions SET last_seen_at = now() - interval '29 minutes' WHERE user_id = $1`, [userId]);
      expect((await getUser(token)).statusCode).toBe(200);
      const [row] = await dataSourceOf(app).query(
        `SELECT now() - last_seen_at < interval '1 minute' AS fresh FROM sessions WHERE user_id = $1`,
        [userId],
      );
      expect(row.fresh).toBe(true);
    });
  });

  describe('PUT /api/settingsPasswordUpdate', () => {
    it('changes the password, keeps this session and ends every other', async () => {
      const user = await createUser(dataSourceOf(app));
      const here = (await login(user.email, TEST_PASSWORD)).json().token;
      const elsewhere = (await login(user.email, TEST_PASSWORD)).json().token;
      const res = await put('/api/settingsPasswordUpdate', { curPassword: TEST_PASSWORD, newPassword: 'Quiet-Meadow-2031' }, bearer(here));
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Password updated' });
      expect((await getUser(here)).statusCode).toBe(200);
      expect((await getUser(elsewhere)).statusCode).toBe(401);
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await login(user.email, 'Quiet-Meadow-2031')).statusCode).toBe(200);
    });

    it.each([
      [{ curPassword: 'Wrong-Password-99', newPassword: 'Quiet-Meadow-2031' }, 'curPassword', 'Invalid credentials'],
      [{ curPassword: TEST_PASSWORD, newPassword: TEST_PASSWORD }, 'newPassword', AccountMessages.newPasswordSameAsCurrent],
      [{ curPassword: TEST_PASSWORD, newPassword: 'Short-1' }, 'newPassword', AccountMessages.passwordTooShort],
      [{ curPassword: TEST_PASSWORD, newPassword: 'Quiet-Meadow' }, 'newPassword', AccountMessages.changeNeedsNumber],
      [{ curPassword: TEST_PASSWORD, newPassword: '2031-2032-2033' }, 'newPassword', AccountMessages.changeNeedsLetter],
      [{ curPassword: TEST_PASSWORD, newPassword: 'QuietMeadow2031' }, 'newPassword', AccountMessages.changeNeedsSpecial],
    ])('refuses %j with 400 on %s', async (payload, field, message) => {
      const { token } = await tokenFor(app);
      const res = await put('/api/settingsPasswordUpdate', payload, bearer(token));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
    });

    it('needs a session', async () => {
      expect((await put('/api/settingsPasswordUpdate', { curPassword: 'a', newPassword: 'b' })).statusCode).toBe(401);
    });
  });

  describe('password recovery', () => {
    const requestCode = (email: string) => post('/api/verifyEmailandGenStr', { email });
    const verify = (email: string, randomString: string) => post('/api/verifyRandomString', { email, randomString });
    const codeFrom = (text: string) => /is: ([A-Z0-9]{8})/.exec(text)?.[1] ?? '';
    const awaitCode = async (email: string, count = 1) => {
      const messages = await pollUntil(
        async () => mailTo(email),
        (m) => m.length >= count,
        15_000,
      );
      return codeFrom(messages[count - 1].text);
    };

    it('answers Operation Complete for known and unknown e-mails alike, and mails a code only to the known one', async () => {
      const user = await createUser(dataSourceOf(app));
      const unknown = `nobody.${randomUUID().slice(0, 8)}@example.com`;
      const known = await requestCode(user.email);
      const other = await requestCode(unknown);
      expect(known.statusCode).toBe(200);
      expect(other.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: 'Operation Complete' });
      expect(other.json()).toEqual(known.json());
      const code = await awaitCode(user.email);
      expect(code).toMatch(/^[A-Z0-9]{8}$/);
      await new Promise((r) => setTimeout(r, 1000));
      expect(mailTo(unknown)).toHaveLength(0);
      const [row] = await dataSourceOf(app).query('SELECT code_hash FROM password_resets WHERE user_id = $1', [user.id]);
      expect(row.code_hash).not.toContain(code);
    });

    it('stores the code as an HMAC keyed apart from the JWT secret (HKDF of AUTH_RESET_CODE_SECRET)', async () => {
      const user = await createUser(dataSourceOf(app));
      await requestCode(user.email);
      const code = await awaitCode(user.email);
      const [row] = await dataSourceOf(app).query('SELECT code_hash FROM password_resets WHERE user_id = $1', [user.id]);
      const { jwtSecret, resetCodeSecret } = app.get(ConfigService).get('auth');
      const hmac = (key: string | Buffer) => createHmac('sha256', key).update(`${user.id}:${code}`).digest('hex');
      expect(resetCodeSecret).not.toBe(jwtSecret);
      expect(row.code_hash).not.toBe(hmac(jwtSecret));
      expect(row.code_hash).toBe(hmac(deriveHmacKey(resetCodeSecret, 'reset-code')));
    });

    it('walks code -> temp token -> new password; the code and the token work once; every session ends', async () => {
      const user = await createUser(dataSourceOf(app));
      const victim = await createUser(dataSourceOf(app));
      const session = (await login(user.email, TEST_PASSWORD)).json().token;
      await requestCode(user.email);
      const code = await awaitCode(user.email);

      expect((await verify(user.email, 'WRONG123')).json()).toMatchObject({ message: 'Code Does Not Match' });
      const matched = await verify(user.email, ` ${code.toLowerCase()} `);
      expect(matched.statusCode).toBe(200);
      expect(matched.json()).toEqual({ message: 'Code Matches', tempToken: expect.any(String) });
      const { tempToken } = matched.json();
      expect((await verify(user.email, code)).statusCode).toBe(400);

      // The temp token is no session, and a session token is no temp token.
      expect((await getUser(tempToken)).statusCode).toBe(401);
      expect(
        (await put('/api/updateUserPassword', { password: 'Quiet-Meadow-2031', confirmPassword: 'Quiet-Meadow-2031' }, bearer(session)))
          .statusCode,
      ).toBe(401);

      // The body's e-mail is ignored: the token names the user.
      const updated = await put(
        '/api/updateUserPassword',
        { password: 'Quiet-Meadow-2031', confirmPassword: 'Quiet-Meadow-2031', email: victim.email },
        bearer(tempToken),
      );
      expect(updated.statusCode).toBe(200);
      expect(updated.json()).toEqual({ message: 'Password Updated' });
      expect((await put('/api/updateUserPassword', { password: 'Other-Meadow-2032' }, bearer(tempToken))).statusCode).toBe(401);

      expect((await getUser(session)).statusCode).toBe(401);
      expect((await login(user.email, 'Quiet-Meadow-2031')).statusCode).toBe(200);
      expect((await login(victim.email, TEST_PASSWORD)).statusCode).toBe(200);
    });

    it('refuses an expired code', async () => {
      const user = await createUser(dataSourceOf(app));
      await requestCode(user.email);
      const code = await awaitCode(user.email);
      await dataSourceOf(app).query(`UPDATE password_resets SET code_expires_at = now() - interval '1 second' WHERE user_id = $1`, [
        user.id,
      ]);
      expect((await verify(user.email, code)).json()).toMatchObject({ code: 'AUTH.CODE_DOES_NOT_MATCH' });
    });

    it('spends the code after five wrong tries', async () => {
      const user = await createUser(dataSourceOf(app));
      await requestCode(user.email);
      const code = await awaitCode(user.email);
      for (let i = 0; i < 5; i++) expect((await verify(user.email, `WRONG00${i}`)).statusCode).toBe(400);
      expect((await verify(user.email, code)).statusCode).toBe(400);
    });

    it('refuses an expired temp token and applies the password rules', async () => {
      const user = await createUser(dataSourceOf(app));
      await requestCode(user.email);
      const { tempToken } = (await verify(user.email, await awaitCode(user.email))).json();
      expect(tempToken).toEqual(expect.any(String));
      const weak = await put('/api/updateUserPassword', { password: 'Quiet-Meadow', confirmPassword: 'Quiet-Meadow' }, bearer(tempToken));
      expect(weak.statusCode).toBe(400);
      expect(weak.json().message).toBe(AccountMessages.passwordNeedsNumber);
      await dataSourceOf(app).query(`UPDATE password_resets SET temp_token_expires_at = now() - interval '1 second' WHERE user_id = $1`, [
        user.id,
      ]);
      expect((await put('/api/updateUserPassword', { password: 'Quiet-Meadow-2031' }, bearer(tempToken))).statusCode).toBe(401);
    });

    it('limits code sending per e-mail and code checks per address with 429', async () => {
      const email = `nobody.${randomUUID().slice(0, 8)}@example.com`;
      const sends = [];
      for (let i = 0; i < 4; i++) {
        ip = `192.0.2.${100 + i}`;
        sends.push((await requestCode(email)).statusCode);
      }
      expect(sends).toEqual([200, 200, 200, 429]);
      const checks = [];
      for (let i = 0; i < 21; i++) checks.push((await verify(email, 'ABCDEFGH')).statusCode);
      expect(checks.slice(0, 20).every((s) => s === 400)).toBe(true);
      expect(checks[20]).toBe(429);
    });
  });
});
