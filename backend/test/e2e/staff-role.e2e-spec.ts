import { STAFF_ONLY_MESSAGE } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { runStaffCommand } from '../../src/cli/staff';
import { staffRolesOn } from '../../src/modules/auth';
import { startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

jest.setTimeout(120_000);

/**
 * The staff role (issue 19): named by the operator command, checked on the server at each request of a staff API
 * (POST /api/coupons/checkSavings here), and shown by GET /api/user, all on the same session: no new sign-in.
 */
describe('staff role: @StaffOnly() APIs, GET /api/user, npm run staff', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;
  const savings = { ndcList: ['00093505610'], phoneNumber: '206-555-0142', zipCode: '98501', pharmacyNPI: '1104000017' };

  beforeAll(async () => {
    sandbox = await startSandbox();
    app = await createTestApp({ SANDBOX_URL: sandbox.url });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });
  beforeEach(() => jest.spyOn(process.stdout, 'write').mockImplementation(() => true));
  afterEach(() => jest.restoreAllMocks());

  const address = anIPv6;
  const checkSavings = (token?: string) =>
    app.inject({
      method: 'POST',
      url: '/api/coupons/checkSavings',
      payload: savings,
      headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': address() },
    });
  const userOf = async (token: string) => (await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) })).json();
  const staff = (...args: string[]) => runStaffCommand(staffRolesOn(dataSourceOf(app)), args);
  const patient = async () => {
    const caller = await tokenFor(app);
    await dataSourceOf(app).query(
      `INSERT INTO insurer_links (user_id, insurer_key, access_token_enc, refresh_token_enc) VALUES ($1, 'humana', 'v2.k.x.y.z', 'v2.k.x.y.z')`,
      [caller.userId],
    );
    return caller;
  };

  it('a patient gets 403 AUTH.STAFF_ONLY; no session stays a 401', async () => {
    const { token } = await patient();
    const refused = await checkSavings(token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ code: 'AUTH.STAFF_ONLY', message: STAFF_ONLY_MESSAGE });
    expect((await checkSavings()).statusCode).toBe(401);
    expect((await checkSavings('not.a.token')).statusCode).toBe(401);
  });

  it('a grant counts at the very next request of the same session, a revoke too; GET /api/user shows each at once', async () => {
    const { token, userId, email } = await patient();
    expect(await userOf(token)).toMatchObject({ id: userId, email, role: 'patient' });
    expect((await checkSavings(token)).statusCode).toBe(403);

    expect(await staff('grant', email, '--by', 'E2E Operator')).toBe(0);
    expect(await userOf(token)).toMatchObject({ id: userId, role: 'staff' });
    const served = await checkSavings(token);
    expect(served.statusCode).toBe(200);
    expect(served.json().results).toEqual([expect.objectContaining({ ndc: '00093505610' })]);

    expect(await staff('revoke', email, '--by', 'E2E Operator')).toBe(0);
    expect(await userOf(token)).toMatchObject({ id: userId, role: 'patient' });
    expect((await checkSavings(token)).statusCode).toBe(403);

    expect(
      await dataSourceOf(app).query(
        'SELECT action, changed_by, created_at <= now() AS dated FROM staff_role_changes WHERE user_id = $1 ORDER BY created_at',
        [userId],
      ),
    ).toEqual([
      { action: 'grant', changed_by: 'E2E Operator', dated: true },
      { action: 'revoke', changed_by: 'E2E Operator', dated: true },
    ]);
  });

  it('GET /api/user answers the role a conditional GET cannot hide: its ETag changes with it', async () => {
    const { token, email } = await patient();
    const first = await app.inject({ method: 'GET', url: '/api/user', headers: bearer(token) });
    const etag = first.headers.etag;
    expect(first.json().role).toBe('patient');
    expect(await staff('grant', email, '--by', 'E2E Operator')).toBe(0);
    const after = await app.inject({
      method: 'GET',
      url: '/api/user',
      headers: { ...bearer(token), ...(typeof etag === 'string' ? { 'if-none-match': etag } : {}) },
    });
    expect(after.statusCode).toBe(200);
    expect(after.json().role).toBe('staff');
  });
});
