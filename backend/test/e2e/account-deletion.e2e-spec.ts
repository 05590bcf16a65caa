import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ConfigService } from '@nestjs/config';
import { randomInt, randomUUID } from 'node:crypto';
import type { AppConfig } from '../../src/config';
import { buildUser } from '../factories/user.factory';
import { mailTo } from '../utils/mail-catcher';
import { pollUntil } from '../utils/poll';
import { answerAuthorizePage, startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf } from '../utils/test-app';

jest.setTimeout(120_000);

const PARTNER_KEY = 'deletion-partner-key-0123456789abcdef';

/** Every place a person's id or e-mail can sit: text-like columns of every table of these schemas. */
const SEARCHED_TYPES = ['text', 'character varying', 'character', 'uuid', 'json', 'jsonb', 'ARRAY'];

describe('DELETE /api/users leaves no trace of the person', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;
  let jobsSchema: string;
  const address = `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

  beforeAll(async () => {
    sandbox = await startSandbox();
    app = await createTestApp({
      SANDBOX_URL: sandbox.url,
      PUBLIC_URL: 'http://localhost:8080',
      JOBS_RETRY_LIMIT: '0',
      REFERRAL_PARTNER_KEYS: `acme=${PARTNER_KEY}`,
    });
    jobsSchema = (app.get(ConfigService) as ConfigService<AppConfig, true>).get('jobs', { infer: true }).schema;
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token?: string) =>
    app.inject({ method, url, payload, headers: { 'x-forwarded-for': address, ...(token ? bearer(token) : {}) } });
  const waitFor = async (token: string, id: string): Promise<{ status: string }> => {
    const read = async () => (await call('GET', `/api/pollingEvent/${id}`, undefined, token)).json();
    return pollUntil(read, (e) => e.status !== 'pending', 60_000, 100);
  };

  /** Rows naming the needle (case-insensitively) per table and column, over every table of public and the job schema. */
  async function rowsNaming(needle: string): Promise<Record<string, number>> {
    const ds = dataSourceOf(app);
    const columns: { table_schema: string; table_name: string; column_name: string }[] = await ds.query(
      `SELECT c.table_schema, c.table_name, c.column_name
       FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name AND t.table_type = 'BASE TABLE'
       WHERE c.table_schema = ANY($1) AND c.data_type = ANY($2)
       ORDER BY 1, 2, 3`,
      [['public', jobsSchema], SEARCHED_TYPES],
    );
    expect(columns.length).toBeGreaterThan(30);
    const found: Record<string, number> = {};
    for (const { table_schema, table_name, column_name } of columns) {
      const [{ count }] = await ds.query(
        `SELECT count(*)::int AS count FROM "${table_schema}"."${table_name}" WHERE strpos(lower("${column_name}"::text), $1) > 0`,
        [needle.toLowerCase()],
      );
      if (count > 0) found[`${table_schema === jobsSchema ? 'pgboss' : table_schema}.${table_name}.${column_name}`] = count;
    }
    return found;
  }
  // pg-boss keeps one partition per queue beside its parent table: count each job once, by its parent's name.
  const tablesOf = (found: Record<string, number>) => {
    const tables = Object.keys(found).map((key) =>
      key
        .replace(/^pgboss\.j[0-9a-f]{56}\./, 'pgboss.job.')
        .split('.')
        .slice(0, 2)
        .join('.'),
    );
    return [...new Set(tables)].sort();
  };

  it('after a person used every feature, no table names their id or e-mail; the error log keeps anonymous rows', async () => {
    const person = buildUser();
    const signup = await call('POST', '/api/signup', { ...person, confirmPassword: person.password });
    expect(signup.statusCode).toBe(201);
    const login = await call('POST', '/api/login', { email: person.email, password: person.password });
    expect(login.statusCode).toBe(200);
    const token: string = login.json().token;
    const userId: string = (await call('GET', '/api/user', undefined, token)).json().id;
    const oldEmail = person.email.toLowerCase();
    const email = `moved.${randomUUID().slice(0, 8)}@example.com`;

    // An insurer linked through the sandbox (OAuth, token exchange job) and its data fetched (fetch jobs).
    const { link } = (await call('GET', '/api/insurerDataFetch/blueButtonSandboxFetch/oauth2/authorize', undefined, token)).json();
    const back = await answerAuthorizePage(link);
    const callback = { authCode: back.get('code'), state: back.get('state') };
    const linked = await call('POST', '/api/insurerDataFetch/blueButtonSandboxFetch/oauth2/tokenCallback', callback, token);
    expect(linked.statusCode).toBe(202);
    expect((await waitFor(token, linked.json().pollingEventID)).status).toBe('complete');
    for (const operation of ['getPatientInformation', 'getPatientEOB']) {
      const started = await call('POST', `/api/insurerDataFetch/blueButtonSandboxFetch/${operation}`, {}, token);
      expect(started.statusCode).toBe(202);
      expect((await waitFor(token, started.json().pollingEventID)).status).toBe('complete');
    }
    // A fetch that fails: a server-side error row for the user.
    await sandbox.setFault({ insurer: 'blueButtonSandbox', resource: 'ExplanationOfBenefit', kind: 'malformedBundle' });
    const failing = await call('POST', '/api/insurerDataFetch/blueButtonSandboxFetch/getPatientEOB', {}, token);
    expect((await waitFor(token, failing.json().pollingEventID)).status).toBe('failed');
    await sandbox.clearFaults();

    // Password recovery (a mail job carrying the e-mail, a reset row).
    expect((await call('POST', '/api/verifyEmailandGenStr', { email: person.email.toUpperCase() })).statusCode).toBe(200);
    await pollUntil(
      async () => (await dataSourceOf(app).query('SELECT count(*)::int AS n FROM password_resets WHERE user_id = $1', [userId]))[0].n,
      (n: number) => n > 0,
      20_000,
    );
    // The sign-in e-mail changes (a code job, a notice job holding the old address); everything after uses the new one.
    const put = (payload: object) => app.inject({ method: 'PUT', url: '/api/updateUserProfile', payload, headers: bearer(token) });
    expect((await put({ email, currentPassword: person.password })).statusCode).toBe(200);
    const [codeMail] = await pollUntil(
      async () => mailTo(email),
      (m) => m.length > 0,
      20_000,
    );
    expect((await put({ email, emailCode: /is: ([A-Z0-9]{8})/.exec(codeMail.text)?.[1] })).statusCode).toBe(200);
    await pollUntil(
      async () => mailTo(oldEmail),
      (m) => m.some((mail) => mail.subject.includes('sign-in email was changed')),
      20_000,
    );
    // Error log entries: with the session, and as a visitor whose details name the e-mail.
    const errorTypes = [`DELETION_SESSION_${randomUUID().slice(0, 8)}`, `DELETION_VISITOR_${randomUUID().slice(0, 8)}`];
    const asMember = { errorType: errorTypes[0], host: 'web', errorDetails: { page: '/dashboard' } };
    const asVisitor = { errorType: errorTypes[1], errorDetails: { form: 'login', typed: email.toUpperCase() } };
    expect((await call('POST', '/api/errors/log', asMember, token)).statusCode).toBe(201);
    expect((await call('POST', '/api/errors/log', asVisitor)).statusCode).toBe(201);
    // An add-insurer request, a contact message and a partner's referral code, each with the e-mail in another case.
    const addRequest = { insurerName: 'Molina Healthcare', email: email.toUpperCase() };
    expect((await call('POST', '/api/brokerForms/insuranceAddRequest', addRequest, token)).statusCode).toBe(201);
    const contact = { name: person.firstName, email, message: 'Please add my plan' };
    expect((await call('POST', '/api/contactUs', contact)).statusCode).toBe(201);
    const minted = await app.inject({
      method: 'POST',
      url: '/api/externalEnrollment/referralCodes',
      payload: { email: email.toUpperCase(), firstName: person.firstName, lastName: person.lastName },
      headers: { 'x-api-key': PARTNER_KEY },
    });
    expect(minted.statusCode).toBe(201);

    // The search sees the traces before the deletion (so that zero afterwards means something).
    const before = tablesOf({ ...(await rowsNaming(userId)), ...(await rowsNaming(email)) });
    expect(before).toEqual(
      expect.arrayContaining([
        'pgboss.job',
        'public.claims',
        'public.contact_messages',
        'public.errors',
        'public.fhir_resources',
        'public.insurer_links',
        'public.insurer_requests',
        'public.password_resets',
        'public.patient_info',
        'public.polling_events',
        'public.referral_codes',
        'public.sessions',
        'public.users',
      ]),
    );
    // The old address sits in the mail jobs (password recovery, the change notice), which also name the account.
    expect(tablesOf(await rowsNaming(oldEmail))).toContain('pgboss.job');

    const deleted = await call('DELETE', '/api/users', undefined, token);
    expect(deleted.statusCode).toBe(200);

    expect(await rowsNaming(userId)).toEqual({});
    expect(await rowsNaming(email)).toEqual({});
    expect(await rowsNaming(oldEmail)).toEqual({});
    // Kept for operators, anonymous: time, type, insurer and host, without the user id or the details.
    const kept = await dataSourceOf(app).query(
      'SELECT error_type, user_id, error_details, host FROM errors WHERE error_type = ANY($1) ORDER BY error_type',
      [errorTypes],
    );
    expect(kept).toEqual([
      { error_type: errorTypes[0], user_id: null, error_details: null, host: 'web' },
      { error_type: errorTypes[1], user_id: null, error_details: null, host: null },
    ]);
    // The token of the deleted account opens nothing.
    expect((await call('GET', '/api/user', undefined, token)).statusCode).toBe(401);
  });
});
