import { AccountMessages } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { createPollingEvent } from '../factories/polling-event.factory';
import { createUser, TEST_PASSWORD } from '../factories/user.factory';
import { mailTo } from '../utils/mail-catcher';
import { pollUntil } from '../utils/poll';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

describe('accounts: user, patient info, profile and deletion', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: bearer(token) });
  const updateProfile = (token: string, payload: object) =>
    app.inject({ method: 'PUT', url: '/api/updateUserProfile', payload, headers: bearer(token) });

  it('GET /api/user answers the signed-in user only', async () => {
    const { userId, token, email } = await tokenFor(app);
    const res = await get('/api/user', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: userId, email, firstName: 'Ada', lastName: expect.any(String), postal_code: null, role: 'patient' });
    expect((await app.inject({ method: 'GET', url: '/api/user' })).statusCode).toBe(401);
  });

  it('GET /api/patientInfo: an empty entry list before health setup, with the account record to fill the profile', async () => {
    const { token, email } = await tokenFor(app);
    const res = await get('/api/patientInfo', token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      patientInfoEntry: [],
      account: expect.objectContaining({ email, firstName: 'Ada', address1: null, postalCode: null, birthdate: null }),
    });
  });

  it('PUT /api/updateUserProfile saves the changed fields to the account and to the patient-info entry', async () => {
    const { userId, token } = await tokenFor(app);
    await dataSourceOf(app).query(
      `INSERT INTO patient_info (user_id, source, first_name, last_name, city) VALUES ($1, 'blueButton', 'Ada', 'Old', 'Boston')`,
      [userId],
    );
    const res = await updateProfile(token, {
      last_name: 'Lovelace',
      street_address: '1 Main St',
      postal_code: '02110',
      birthdate: '1950-04-02',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Successfully updated profile information.' });
    const info = (await get('/api/patientInfo', token)).json();
    expect(info.patientInfoEntry).toEqual([
      expect.objectContaining({
        last_name: 'Lovelace',
        street_address: '1 Main St',
        postal_code: '02110',
        birthdate: '1950-04-02',
        city: 'Boston',
      }),
    ]);
    expect(info.account).toMatchObject({ lastName: 'Lovelace', address1: '1 Main St', postalCode: '02110', birthdate: '1950-04-02' });
    expect((await get('/api/user', token)).json().postal_code).toBe('02110');
  });

  it('refuses a new e-mail that belongs to someone else, in any case, with 409 before any code is sent', async () => {
    const { token, email, userId } = await tokenFor(app);
    const other = await createUser(dataSourceOf(app));
    const taken = await updateProfile(token, { email: other.email.toUpperCase(), currentPassword: TEST_PASSWORD });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: 'AUTH.USER_EXISTS', message: 'User already exists', errors: [{ field: 'email' }] });
    expect((await get('/api/user', token)).json().email).toBe(email);
    const [{ n }] = await dataSourceOf(app).query('SELECT count(*)::int AS n FROM email_changes WHERE user_id = $1', [userId]);
    expect(n).toBe(0);
  });

  describe('changing the sign-in e-mail', () => {
    const signIn = async (email: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/login',
          payload: { email, password: TEST_PASSWORD },
          headers: { 'x-forwarded-for': anIPv6() },
        })
      ).json().token as string;
    const emailOf = async (userId: string) => (await dataSourceOf(app).query('SELECT email FROM users WHERE id = $1', [userId]))[0].email;

    const codeIn = (text: string) => /is: ([A-Z0-9]{8})/.exec(text)?.[1] ?? '';
    const codeSentTo = async (address: string) =>
      codeIn(
        (
          await pollUntil(
            async () => mailTo(address),
            (m) => m.length > 0,
            20_000,
          )
        )[0].text,
      );
    const liveChange = async (userId: string) =>
      (
        await dataSourceOf(app).query('SELECT attempts, used_at FROM email_changes WHERE user_id = $1 ORDER BY created_at DESC', [userId])
      )[0];

    const REQUIRED = 'ACCOUNTS.CURRENT_PASSWORD_REQUIRED';
    it.each([
      ['without the current password', {}, REQUIRED, AccountMessages.currentPasswordForEmail],
      ['with an empty current password', { currentPassword: '' }, REQUIRED, AccountMessages.currentPasswordForEmail],
      ['with a wrong current password', { currentPassword: 'Wrong-Password-99' }, 'ACCOUNTS.WRONG_CURRENT_PASSWORD', 'Invalid credentials'],
    ])('is refused %s: 400 on currentPassword, nothing changed, no session ended', async (_, extra, code, message) => {
      const user = await createUser(dataSourceOf(app));
      const here = await signIn(user.email);
      const elsewhere = await signIn(user.email);
      const res = await updateProfile(here, { email: `new.${randomUUID().slice(0, 8)}@example.com`, city: 'Boston', ...extra });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code, message, errors: [{ field: 'currentPassword', message }] });
      expect(await emailOf(user.id)).toBe(user.email);
      expect((await get('/api/patientInfo', here)).json().account.city).toBeNull();
      expect((await get('/api/user', elsewhere)).statusCode).toBe(200);
    });

    it('counts wrong current passwords against the per-user limit (429)', async () => {
      const user = await createUser(dataSourceOf(app));
      const token = await signIn(user.email);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const email = `g${i}.${randomUUID().slice(0, 6)}@example.com`;
        const res = await updateProfile(token, { email, currentPassword: `Wrong-${i}-Pass!` });
        statuses.push(res.statusCode);
      }
      expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
      expect(statuses[10]).toBe(429);
      expect(await emailOf(user.id)).toBe(user.email);
    });

    it('with the right password: sends a code to the new address, saves the other fields, and does not switch yet', async () => {
      const user = await createUser(dataSourceOf(app));
      const here = await signIn(user.email);
      const elsewhere = await signIn(user.email);
      const moved = `moved.${randomUUID().slice(0, 8)}@example.com`;
      const res = await updateProfile(here, { email: moved.toUpperCase(), city: 'Boston', currentPassword: TEST_PASSWORD });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: AccountMessages.emailCodeSent, pendingEmail: moved });
      const [mail] = await pollUntil(
        async () => mailTo(moved),
        (m) => m.length > 0,
        20_000,
      );
      expect(mail.subject).toBe('Confirm your new HealthLink sign-in email');
      expect(codeIn(mail.text)).toHaveLength(8);
      expect(await emailOf(user.id)).toBe(user.email);
      expect((await get('/api/patientInfo', here)).json().account.city).toBe('Boston');
      expect((await get('/api/user', elsewhere)).statusCode).toBe(200);
      expect(mailTo(user.email)).toHaveLength(0);
      // A session alone (no password, no code) still switches nothing.
      expect((await updateProfile(here, { email: moved })).statusCode).toBe(400);
      expect(await emailOf(user.id)).toBe(user.email);
    });

    it('refuses a wrong code and counts it; the fifth wrong try spends the code, the right one then fails too', async () => {
      const user = await createUser(dataSourceOf(app));
      const token = await signIn(user.email);
      const moved = `moved.${randomUUID().slice(0, 8)}@example.com`;
      expect((await updateProfile(token, { email: moved, currentPassword: TEST_PASSWORD })).statusCode).toBe(200);
      const code = await codeSentTo(moved);
      const wrong = code.startsWith('A') ? 'B' + code.slice(1) : 'A' + code.slice(1);
      const refused = await updateProfile(token, { email: moved, emailCode: wrong });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({
        code: 'ACCOUNTS.EMAIL_CODE_DOES_NOT_MATCH',
        message: AccountMessages.codeDoesNotMatch,
        errors: [{ field: 'emailCode', message: AccountMessages.codeDoesNotMatch }],
      });
      expect(await liveChange(user.id)).toEqual({ attempts: 1, used_at: null });
      for (let i = 0; i < 4; i++) expect((await updateProfile(token, { email: moved, emailCode: wrong })).statusCode).toBe(400);
      expect((await liveChange(user.id)).used_at).not.toBeNull();
      expect((await updateProfile(token, { email: moved, emailCode: code })).statusCode).toBe(400);
      expect(await emailOf(user.id)).toBe(user.email);
    });

    it('with the right code: switches, keeps this session, ends the others and the password resets, tells the old address', async () => {
      const user = await createUser(dataSourceOf(app));
      const here = await signIn(user.email);
      const elsewhere = await signIn(user.email);
      const moved = `moved.${randomUUID().slice(0, 8)}@example.com`;
      await dataSourceOf(app).query(
        `INSERT INTO password_resets (user_id, code_hash, code_expires_at) VALUES ($1, 'x', now() + interval '10 minutes')`,
        [user.id],
      );
      expect((await updateProfile(here, { email: moved, currentPassword: TEST_PASSWORD })).statusCode).toBe(200);
      const code = await codeSentTo(moved);
      const res = await updateProfile(here, { email: moved.toUpperCase(), emailCode: ` ${code.toLowerCase()} ` });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Successfully updated profile information.' });
      expect(await emailOf(user.id)).toBe(moved);
      expect((await get('/api/user', here)).statusCode).toBe(200);
      expect((await get('/api/user', elsewhere)).statusCode).toBe(401);
      const live = await dataSourceOf(app).query('SELECT 1 FROM password_resets WHERE user_id = $1 AND used_at IS NULL', [user.id]);
      expect(live).toHaveLength(0);

      const [notice] = await pollUntil(
        async () => mailTo(user.email),
        (m) => m.length > 0,
      );
      expect(notice.subject).toBe('Your HealthLink sign-in email was changed');
      expect(notice.text).toContain(`was changed to ${moved.slice(0, 2)}***@example.com`);
      expect(notice.text).not.toContain(moved);
    });

    it('refuses the right code with 409, without switching, when another account took the address meanwhile', async () => {
      const user = await createUser(dataSourceOf(app));
      const token = await signIn(user.email);
      const moved = `moved.${randomUUID().slice(0, 8)}@example.com`;
      expect((await updateProfile(token, { email: moved, currentPassword: TEST_PASSWORD })).statusCode).toBe(200);
      const code = await codeSentTo(moved);
      await createUser(dataSourceOf(app), { email: moved });
      const res = await updateProfile(token, { email: moved, emailCode: code });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'User already exists', errors: [{ field: 'email' }] });
      expect(await emailOf(user.id)).toBe(user.email);
    });

    it('needs no password when the e-mail is the same one, in any case', async () => {
      const { token, email, userId } = await tokenFor(app);
      const res = await updateProfile(token, { email: ` ${email.toUpperCase()} `, city: 'Boston' });
      expect(res.statusCode).toBe(200);
      expect(await emailOf(userId)).toBe(email);
    });
  });

  it.each([
    [{ first_name: '' }, 'first_name', AccountMessages.requiredField],
    [{ email: 'nope' }, 'email', AccountMessages.invalidEmail],
    [{ birthdate: '1950-02-30' }, 'birthdate', AccountMessages.birthdateInvalid],
    [{ birthdate: '2999-01-01' }, 'birthdate', AccountMessages.birthdateInvalid],
  ])('refuses %j with 400 on %s', async (payload, field, message) => {
    const { token } = await tokenFor(app);
    const res = await updateProfile(token, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message, errors: [{ field, message }] });
  });

  it('answers 400 No changes detected to an empty change, and 400 for an unknown field', async () => {
    const { token } = await tokenFor(app);
    expect((await updateProfile(token, {})).json()).toMatchObject({ code: 'ACCOUNTS.NO_CHANGES', message: 'No changes detected' });
    const unknown = await updateProfile(token, { role: 'staff' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('role');
  });

  it('DELETE /api/users deletes the account and its data for good and ends every session', async () => {
    const user = await createUser(dataSourceOf(app));
    const address = anIPv6();
    const login = () =>
      app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email: user.email, password: TEST_PASSWORD },
        headers: { 'x-forwarded-for': address },
      });
    const first = (await login()).json().token;
    const second = (await login()).json().token;
    await dataSourceOf(app).query(`INSERT INTO patient_info (user_id, source, first_name) VALUES ($1, 'humana', 'Ada')`, [user.id]);
    await createPollingEvent(dataSourceOf(app), { ownerUserId: user.id });

    const res = await app.inject({ method: 'DELETE', url: '/api/users', headers: bearer(first) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Account deleted' });
    expect((await get('/api/user', first)).statusCode).toBe(401);
    expect((await get('/api/user', second)).statusCode).toBe(401);
    expect((await login()).statusCode).toBe(401);
    for (const table of ['users', 'sessions', 'patient_info', 'polling_events']) {
      const column = table === 'users' ? 'id' : table === 'polling_events' ? 'owner_user_id' : 'user_id';
      const rows = await dataSourceOf(app).query(`SELECT 1 FROM ${table} WHERE ${column} = $1`, [user.id]);
      expect({ table, rows: rows.length }).toEqual({ table, rows: 0 });
    }
  });

  it('hasInsurance is true at login once an insurer is linked', async () => {
    const user = await createUser(dataSourceOf(app));
    await dataSourceOf(app).query(
      `INSERT INTO insurer_links (user_id, insurer_key, access_token_enc, refresh_token_enc) VALUES ($1, 'humana', 'v2.k.x.y.z', 'v2.k.x.y.z')`,
      [user.id],
    );
    const res = await app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'x-forwarded-for': anIPv6() },
    });
    expect(res.json()).toMatchObject({ message: 'Login passed', hasInsurance: true });
  });
});
