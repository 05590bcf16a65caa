import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { InsurerGrants } from '../../src/common/ports';
import { InsurerTokensService } from '../../src/modules/insurers/insurer-tokens.service';
import { InsurersRepository } from '../../src/modules/insurers/insurers.repository';
import { TokenCipher } from '../../src/modules/insurers/token-cipher';
import { pollUntil } from '../utils/poll';
import { answerAuthorizePage, startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

jest.setTimeout(180_000);

// Nothing may fall back to the sandbox's default paths: only the settings the README gives for Blue Button.
const NOWHERE = 'http://127.0.0.1:9';
const MEMBER = 'member-small';

/**
 * Blue Button 2.0 as strict as the real server (the sandbox's /v2 paths: OAuth only with the trailing slash,
 * EOBs 5 to a page whatever _count asks), configured with only the README's settings.
 */
describe('insurers: Blue Button 2.0 on its own paths, configured as the README says', () => {
  let sandbox: RunningSandbox;
  beforeAll(async () => {
    sandbox = await startSandbox();
  });
  afterAll(async () => {
    await sandbox?.stop();
  });

  const blueButtonEnv = (overrides: Record<string, string> = {}) => ({
    SANDBOX_URL: NOWHERE,
    PUBLIC_URL: 'http://localhost:8080',
    JOBS_RETRY_LIMIT: '0',
    INSURER_BLUE_BUTTON_AUTHORIZE_URL: `${sandbox.url}/v2/o/authorize/`,
    INSURER_BLUE_BUTTON_TOKEN_URL: `${sandbox.url}/v2/o/token/`,
    INSURER_BLUE_BUTTON_FHIR_BASE_URL: `${sandbox.url}/v2/fhir`,
    INSURER_BLUE_BUTTON_CLIENT_ID: 'healthlink-blueButton',
    INSURER_BLUE_BUTTON_CLIENT_SECRET: 'sandbox-secret-blueButton',
    // The scopes the app registered: beyond the spec's set for Blue Button (claims), its drugs and the patient.
    INSURER_BLUE_BUTTON_SCOPES:
      'launch/patient offline_access patient/Patient.read patient/ExplanationOfBenefit.read patient/MedicationRequest.read',
    ...overrides,
  });

  const client = (app: NestFastifyApplication, token: string) => ({
    get: (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) }),
    post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload, headers: bearer(token) }),
  });
  const settle = async (app: NestFastifyApplication, token: string, id: string) =>
    (await pollUntil(
      async () => (await client(app, token).get(`/api/pollingEvent/${id}`)).json(),
      (e) => e.status !== 'pending',
      90_000,
      100,
    )) as {
      status: string;
      response: Record<string, unknown> | null;
    };

  /** Authorize link, the insurer's page (as the member), the callback: answers the token exchange's event. */
  async function link(app: NestFastifyApplication, token: string, insurer = 'blueButton') {
    const { link: url } = (await client(app, token).get(`/api/insurerDataFetch/${insurer}Fetch/oauth2/authorize`)).json();
    const back = await answerAuthorizePage(url, 'approve', MEMBER);
    const started = await client(app, token).post(`/api/insurerDataFetch/${insurer}Fetch/oauth2/tokenCallback`, {
      authCode: back.get('code'),
      state: back.get('state'),
    });
    expect(started.statusCode).toBe(202);
    const id: string = started.json().pollingEventID;
    return { id, code: back.get('code') as string, event: await settle(app, token, id) };
  }

  async function sandboxCounts(insurer: string): Promise<Record<string, number>> {
    const { members } = (await (await fetch(`${sandbox.url}/insurers/_admin/members/${insurer}`)).json()) as {
      members: { username: string; counts: Record<string, number> }[];
    };
    return members.find((m) => m.username === MEMBER)!.counts;
  }

  describe.each([
    ['without', `/v2/fhir`],
    ['with', `/v2/fhir/`],
  ])('FHIR base %s a trailing slash', (_with, fhirPath) => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      app = await createTestApp(blueButtonEnv({ INSURER_BLUE_BUTTON_FHIR_BASE_URL: `${sandbox.url}${fhirPath}` }));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('a member links, and every claim and drug the insurer holds arrives, 5 to a page', async () => {
      const { token, userId } = await tokenFor(app);
      const { link: url } = (await client(app, token).get('/api/insurerDataFetch/blueButtonFetch/oauth2/authorize')).json();
      expect(url.startsWith(`${sandbox.url}/v2/o/authorize/?`)).toBe(true);
      const linked = await link(app, token);
      expect(linked.event).toMatchObject({ status: 'complete', response: { linked: true } });

      const fetched = await Promise.all(
        ['getPatientEOB', 'getPatientDrugs'].map(async (op) => {
          const started = await client(app, token).post(`/api/insurerDataFetch/blueButtonFetch/${op}`);
          expect(started.statusCode).toBe(202);
          return settle(app, token, started.json().pollingEventID);
        }),
      );
      const expected = await sandboxCounts('blueButton');
      expect(expected.ExplanationOfBenefit).toBeGreaterThan(5 * 3);
      expect(fetched.map((e) => e.status)).toEqual(['complete', 'complete']);
      expect(fetched.map((e) => e.response?.count)).toEqual([expected.ExplanationOfBenefit, expected.MedicationRequest]);

      const db = dataSourceOf(app);
      const raw = await db.query(`SELECT resource_type, count(*)::int AS n FROM fhir_resources WHERE user_id = $1 GROUP BY resource_type`, [
        userId,
      ]);
      expect(Object.fromEntries(raw.map((r: { resource_type: string; n: number }) => [r.resource_type, r.n]))).toEqual({
        ExplanationOfBenefit: expected.ExplanationOfBenefit,
        MedicationRequest: expected.MedicationRequest,
      });
      const [{ claims, rx }] = await db.query(
        `SELECT (SELECT count(*)::int FROM claims WHERE user_id = $1) AS claims, (SELECT count(*)::int FROM prescriptions WHERE user_id = $1) AS rx`,
        [userId],
      );
      expect(claims).toBe(expected.ExplanationOfBenefit);
      expect(rx).toBeGreaterThanOrEqual(expected.MedicationRequest);
      expect((await client(app, token).get('/api/explanationOfBenefits')).json()).toMatchObject({ total: expected.ExplanationOfBenefit });
    });
  });

  describe("a token URL without Blue Button's trailing slash", () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      app = await createTestApp(blueButtonEnv({ INSURER_BLUE_BUTTON_TOKEN_URL: `${sandbox.url}/v2/o/token` }));
    });
    afterAll(async () => {
      await app?.close();
    });

    it('is used as given, the 301 is not followed, and operators see why: a warn log and an errors row with the host', async () => {
      const warn = jest.spyOn(Logger.prototype, 'warn');
      try {
        const { token, userId } = await tokenFor(app);
        const linked = await link(app, token);
        expect(linked.event).toMatchObject({
          status: 'failed',
          response: { message: 'We could not confirm your sign-in with your insurer. Please try again.' },
        });
        const host = new URL(sandbox.url).host;
        const [row] = await dataSourceOf(app).query(
          `SELECT host, insurer_name, error_details FROM errors WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
          [userId],
        );
        expect(row).toMatchObject({ host, insurer_name: 'Medicare (Blue Button 2.0)' });
        expect(row.error_details).toMatchObject({ step: 'TOKEN_EXCHANGE', status: 301, correlationId: linked.id });
        expect(row.error_details.message).toContain(`token endpoint ${host} answered 301`);

        const logged = warn.mock.calls.find((call) => JSON.stringify(call).includes(linked.id));
        expect(logged).toBeDefined();
        expect(logged![0]).toMatchObject({ insurer: 'blueButton', step: 'TOKEN_EXCHANGE', status: 301, host, correlationId: linked.id });
        const everything = JSON.stringify(warn.mock.calls);
        expect(everything).not.toContain(linked.code);
        expect(everything).not.toContain(userId);
      } finally {
        warn.mockRestore();
      }
    });
  });

  describe('tokens: refresh under a lock, revocation on deletion, sealed to their row', () => {
    let app: NestFastifyApplication;
    beforeAll(async () => {
      app = await createTestApp(
        blueButtonEnv({
          SANDBOX_URL: sandbox.url,
          INSURER_BLUE_BUTTON_REVOCATION_URL: `${sandbox.url}/v2/o/revoke_token/`,
          // Answers 404: revocation fails at this insurer, and the deletion goes on.
          INSURER_CIGNA_REVOCATION_URL: `${sandbox.url}/insurers/cigna/no-revocation-here`,
        }),
      );
    });
    afterAll(async () => {
      await sandbox.setAccessTokenTtl(3600);
      await app?.close();
    });

    it('two concurrent requests for an expired token refresh once (refresh tokens are single use) and both succeed', async () => {
      const { token, userId } = await tokenFor(app);
      await sandbox.setAccessTokenTtl(1);
      expect((await link(app, token)).event.status).toBe('complete');
      await sandbox.setAccessTokenTtl(3600);
      await new Promise((r) => setTimeout(r, 1100));
      const repository = app.get(InsurersRepository);
      const [a, b] = [await repository.findLink(userId, 'blueButton'), await repository.findLink(userId, 'blueButton')];
      const realFetch = globalThis.fetch;
      let refreshes = 0;
      const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
        if (String(input).endsWith('/v2/o/token/') && String(init?.body).includes('grant_type=refresh_token')) refreshes++;
        return realFetch(input, init);
      });
      try {
        const tokens = app.get(InsurerTokensService);
        const [first, second] = await Promise.all([tokens.accessToken(a!), tokens.accessToken(b!)]);
        expect(refreshes).toBe(1);
        expect(second).toBe(first);
      } finally {
        spy.mockRestore();
      }
      const started = await client(app, token).post('/api/insurerDataFetch/blueButtonFetch/getPatientEOB');
      expect((await settle(app, token, started.json().pollingEventID)).status).toBe('complete');
    });

    it('revokeAll revokes every grant at the insurer, forgets the links, states and requests, and a failed revocation never blocks', async () => {
      const { token, userId } = await tokenFor(app);
      expect((await link(app, token)).event.status).toBe('complete');
      expect((await link(app, token, 'cigna')).event.status).toBe('complete');
      await client(app, token).post('/api/brokerForms/insuranceAddRequest', { insurerName: 'Molina Healthcare', email: 'me@example.com' });
      const db = dataSourceOf(app);
      const cipher = app.get(TokenCipher);
      const open = async (insurer: string) => {
        const [row] = await db.query(
          `SELECT access_token_enc, refresh_token_enc FROM insurer_links WHERE user_id = $1 AND insurer_key = $2`,
          [userId, insurer],
        );
        return {
          access: cipher.decrypt(row.access_token_enc, { userId, insurer, column: 'insurer_links.access_token_enc' }),
          refresh: cipher.decrypt(row.refresh_token_enc, { userId, insurer, column: 'insurer_links.refresh_token_enc' }),
        };
      };
      const blueButton = await open('blueButton');
      const cigna = await open('cigna');
      const patient = async (path: string, access: string) =>
        (await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${access}` } })).status;
      const patientId = `blueButton-${MEMBER}`;
      expect(await patient(`/v2/fhir/Patient/${patientId}`, blueButton.access)).toBe(200);

      const warn = jest.spyOn(Logger.prototype, 'warn');
      try {
        await app.get(InsurerGrants).revokeAll(userId);
        expect(JSON.stringify(warn.mock.calls)).toContain('insurer token revocation failed');
        expect(JSON.stringify(warn.mock.calls)).not.toContain(cigna.refresh);
      } finally {
        warn.mockRestore();
      }

      expect(await patient(`/v2/fhir/Patient/${patientId}`, blueButton.access)).toBe(401);
      const refresh = await fetch(`${sandbox.url}/v2/o/token/`, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from('healthlink-blueButton:sandbox-secret-blueButton').toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: blueButton.refresh }).toString(),
      });
      expect(((await refresh.json()) as { error: string }).error).toBe('invalid_grant');
      // Cigna's revocation endpoint failed: its grant is still alive there, recorded for operators without the user.
      expect(await patient(`/insurers/cigna/fhir/Patient/cigna-${MEMBER}`, cigna.access)).toBe(200);
      const errors = await db.query(
        `SELECT user_id, host, error_details FROM errors WHERE error_type = 'INSURER_REVOKE_FAILED' AND insurer_name = 'Cigna Healthcare' ORDER BY created_at DESC LIMIT 2`,
      );
      expect(errors[0]).toMatchObject({ user_id: null, host: new URL(sandbox.url).host, error_details: { status: 404 } });
      expect(JSON.stringify(errors)).not.toContain(cigna.access);

      for (const table of ['insurer_links', 'oauth_states', 'insurer_requests']) {
        expect(await db.query(`SELECT 1 FROM ${table} WHERE user_id = $1`, [userId])).toHaveLength(0);
      }
    });

    it("a sealed token copied to another user's row does not open there: the fetch fails, nothing is read", async () => {
      const owner = await tokenFor(app);
      const thief = await tokenFor(app);
      expect((await link(app, owner.token)).event.status).toBe('complete');
      expect((await link(app, thief.token)).event.status).toBe('complete');
      const db = dataSourceOf(app);
      await db.query(
        `UPDATE insurer_links t SET access_token_enc = o.access_token_enc, refresh_token_enc = o.refresh_token_enc, access_expires_at = o.access_expires_at
         FROM insurer_links o WHERE o.user_id = $1 AND o.insurer_key = 'blueButton' AND t.user_id = $2 AND t.insurer_key = 'blueButton'`,
        [owner.userId, thief.userId],
      );
      const started = await client(app, thief.token).post('/api/insurerDataFetch/blueButtonFetch/getPatientEOB');
      expect((await settle(app, thief.token, started.json().pollingEventID)).status).toBe('failed');
      expect(await db.query(`SELECT 1 FROM fhir_resources WHERE user_id = $1`, [thief.userId])).toHaveLength(0);
    });

    it.each(['constructor', '__proto__', 'toString', 'hasOwnProperty'])('refuses %s as a fetch operation with a 404', async (operation) => {
      const { token } = await tokenFor(app);
      const res = await client(app, token).post(`/api/insurerDataFetch/blueButtonFetch/${operation}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBe('INSURERS.UNKNOWN_OPERATION');
    });
  });
});
