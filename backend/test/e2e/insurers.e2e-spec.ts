import { FETCH_SETS, FIRST_WAVE, type FetchOperation, type InsurerKey } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { pollUntil } from '../utils/poll';
import { answerAuthorizePage, startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

jest.setTimeout(120_000);

describe('insurers: linking with OAuth 2.0 + PKCE and fetching FHIR data from the sandbox insurers', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    sandbox = await startSandbox();
    // One attempt per job keeps the fault tests short; the FHIR client still retries each page itself.
    app = await createTestApp({ SANDBOX_URL: sandbox.url, PUBLIC_URL: 'http://localhost:8080', JOBS_RETRY_LIMIT: '0' });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });
  afterEach(() => sandbox.clearFaults());

  const api = (token: string) => ({
    get: (url: string) => app.inject({ method: 'GET', url, headers: bearer(token) }),
    post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload, headers: bearer(token) }),
  });
  const waitFor = async (token: string, pollingEventID: string) =>
    (await pollUntil(
      async () => (await api(token).get(`/api/pollingEvent/${pollingEventID}`)).json(),
      (e) => e.status !== 'pending',
      60_000,
      100,
    )) as {
      status: string;
      response: Record<string, unknown> | null;
    };

  async function link(token: string, insurer: InsurerKey): Promise<void> {
    const { link: url } = (await api(token).get(`/api/insurerDataFetch/${insurer}Fetch/oauth2/authorize`)).json();
    const back = await answerAuthorizePage(url);
    const started = await api(token).post(`/api/insurerDataFetch/${insurer}Fetch/oauth2/tokenCallback`, {
      authCode: back.get('code'),
      state: back.get('state'),
    });
    expect(started.statusCode).toBe(202);
    const event = await waitFor(token, started.json().pollingEventID);
    expect(event).toMatchObject({ status: 'complete', response: { linked: true } });
  }

  async function fetchAll(token: string, insurer: InsurerKey): Promise<Record<string, string>> {
    const outcome: Record<string, string> = {};
    const run = async (ops: FetchOperation[]) => {
      await Promise.all(
        ops.map(async (op) => {
          const started = await api(token).post(`/api/insurerDataFetch/${insurer}Fetch/${op}`, { userID: 'ignored' });
          expect(started.statusCode).toBe(202);
          outcome[op] = (await waitFor(token, started.json().pollingEventID)).status;
        }),
      );
    };
    await run(FETCH_SETS[insurer].filter((op) => FIRST_WAVE.includes(op)));
    await run(FETCH_SETS[insurer].filter((op) => !FIRST_WAVE.includes(op)));
    return outcome;
  }

  it('builds the authorize link with a 256-bit state and PKCE S256, from configuration', async () => {
    const { token } = await tokenFor(app);
    const res = await api(token).get('/api/insurerDataFetch/humanaFetch/oauth2/authorize');
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().link);
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/insurers/humana/authorize`);
    expect(url.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:8080/intermediary/humana');
    expect(url.searchParams.get('client_id')).toBe('healthlink-humana');
    // SMART standalone launch: aud is the FHIR base; the scopes are humana's set, in the v2 syntax its server lists.
    expect(url.searchParams.get('aud')).toBe(`${sandbox.url}/insurers/humana/fhir`);
    // With the drugs, the Medications they reference (read by id): the sandbox lists that scope, and no MedicationDispense.
    const types = ['Patient', 'Condition', 'Coverage', 'ExplanationOfBenefit', 'MedicationRequest', 'Medication'];
    expect(url.searchParams.get('scope')).toBe(
      `launch/patient openid fhirUser offline_access ${types.map((t) => `patient/${t}.rs`).join(' ')}`,
    );
  });

  it('answers 404 with a clear message for an unknown insurer, subset or operation', async () => {
    const { token } = await tokenFor(app);
    const unknown = await api(token).get('/api/insurerDataFetch/acmeFetch/oauth2/authorize');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'INSURERS.UNKNOWN_INSURER', message: 'Unknown insurer: acmeFetch' });
    expect((await api(token).get('/api/insurerDataFetch/humanaFetch/rockyMountain/oauth2/authorize')).statusCode).toBe(404);
    expect((await api(token).get('/api/insurerDataFetch/uhcFetch/rockyMountain/oauth2/authorize')).statusCode).toBe(200);
    expect((await api(token).post('/api/insurerDataFetch/humanaFetch/getEverything')).json().code).toBe('INSURERS.UNKNOWN_OPERATION');
  });

  it('links Blue Button (sandbox), stores the tokens as ciphertext, and brings in claims, drugs and patient info', async () => {
    const { token, userId } = await tokenFor(app);
    await link(token, 'blueButtonSandbox');
    const [row] = await dataSourceOf(app).query('SELECT access_token_enc, refresh_token_enc FROM insurer_links WHERE user_id = $1', [
      userId,
    ]);
    // v2.<kid>.<iv>.<tag>.<ciphertext>, bound to this user, insurer and column.
    expect(row.access_token_enc).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(row.refresh_token_enc).toMatch(/^v2\./);
    expect((await api(token).post('/api/insurerDataFetch/checkToken', { insurers: ['blueButtonSandbox', 'humana'] })).json()).toEqual({
      blueButtonSandbox: true,
      humana: false,
    });

    const outcome = await fetchAll(token, 'blueButtonSandbox');
    expect(outcome).toEqual({ getPatientInformation: 'complete', getPatientEOB: 'complete' });
    const eob = (await api(token).get('/api/explanationOfBenefits')).json().EOB;
    expect(eob.length).toBeGreaterThan(0);
    expect(eob[0]).toEqual(
      expect.objectContaining({
        id: expect.any(String),
        date: expect.any(String),
        diagnoses: expect.any(Array),
        procedures: expect.any(Array),
      }),
    );
    expect(
      eob.some((c: { payment_amount: string | null }) => typeof c.payment_amount === 'string' && /^\d+\.\d{2}$/.test(c.payment_amount)),
    ).toBe(true);
    const drugs = (await api(token).get('/api/userDrugs')).json().queryRes;
    expect(drugs.length).toBeGreaterThan(0);
    expect(drugs[0]).toEqual(
      expect.objectContaining({ drug_ndc: expect.stringMatching(/^\d{9,11}$/), date_prescribed: expect.any(String) }),
    );
    expect((await api(token).get('/api/patientInfo')).json().patientInfoEntry).toHaveLength(1);

    // Another user sees none of it.
    const other = await tokenFor(app);
    expect((await api(other.token).get('/api/explanationOfBenefits')).json().EOB).toEqual([]);
  });

  it('fetches the spec set of each insurer, and a repeated fetch or re-link adds no duplicate rows', async () => {
    const { token, userId } = await tokenFor(app);
    await link(token, 'uhcSandbox');
    const first = await fetchAll(token, 'uhcSandbox');
    expect(Object.keys(first).sort()).toEqual([...FETCH_SETS.uhcSandbox].sort());
    expect(first.getPatientEOB).toBe('complete');
    const count = async () =>
      (
        await dataSourceOf(app).query(
          `SELECT (SELECT count(*) FROM claims WHERE user_id = $1) AS claims, (SELECT count(*) FROM prescriptions WHERE user_id = $1) AS rx,
              (SELECT count(*) FROM fhir_resources WHERE user_id = $1) AS raw, (SELECT count(*) FROM patient_info WHERE user_id = $1) AS info`,
          [userId],
        )
      )[0];
    const before = await count();
    expect(Number(before.claims)).toBeGreaterThan(0);
    await link(token, 'uhcSandbox');
    await fetchAll(token, 'uhcSandbox');
    expect(await count()).toEqual(before);
  });

  describe('the state of the callback', () => {
    it('refuses a missing, wrong, reused or expired state, and one for another insurer or another user', async () => {
      const { token, userId } = await tokenFor(app);
      const callback = (insurer: string, body: object, as = token) =>
        api(as).post(`/api/insurerDataFetch/${insurer}Fetch/oauth2/tokenCallback`, body);
      const { link: url } = (await api(token).get('/api/insurerDataFetch/cignaSandboxFetch/oauth2/authorize')).json();
      const back = await answerAuthorizePage(url);
      const code = back.get('code')!;
      const state = back.get('state')!;

      expect((await callback('cignaSandbox', { authCode: code })).json().code).toBe('INSURERS.STATE_INVALID');
      expect((await callback('cignaSandbox', { authCode: code, state: 'x'.repeat(43) })).statusCode).toBe(400);
      expect((await callback('humana', { authCode: code, state })).statusCode).toBe(400);
      const stranger = await tokenFor(app);
      expect((await callback('cignaSandbox', { authCode: code, state }, stranger.token)).statusCode).toBe(400);

      const accepted = await callback('cignaSandbox', { authCode: code, state, userID: stranger.userId });
      expect(accepted.statusCode).toBe(202);
      expect((await waitFor(token, accepted.json().pollingEventID)).status).toBe('complete');
      // The link is the session user's, whatever userID the body said.
      expect(await dataSourceOf(app).query('SELECT 1 FROM insurer_links WHERE user_id = $1', [stranger.userId])).toHaveLength(0);
      expect(await dataSourceOf(app).query('SELECT 1 FROM insurer_links WHERE user_id = $1', [userId])).toHaveLength(1);
      // Replayed: the state is spent.
      expect((await callback('cignaSandbox', { authCode: code, state })).statusCode).toBe(400);
      // Another user cannot read this user's polling event.
      expect((await api(stranger.token).get(`/api/pollingEvent/${accepted.json().pollingEventID}`)).statusCode).toBe(404);

      const { link: late } = (await api(token).get('/api/insurerDataFetch/cignaSandboxFetch/oauth2/authorize')).json();
      const lateBack = await answerAuthorizePage(late);
      await dataSourceOf(app).query(
        `UPDATE oauth_states SET expires_at = now() - interval '1 second' WHERE user_id = $1 AND used_at IS NULL`,
        [userId],
      );
      expect((await callback('cignaSandbox', { authCode: lateBack.get('code'), state: lateBack.get('state') })).statusCode).toBe(400);
    });

    it('ends as failed, never linked, when the insurer refuses the code', async () => {
      const { token, userId } = await tokenFor(app);
      const { link: url } = (await api(token).get('/api/insurerDataFetch/aetnaSandboxFetch/oauth2/authorize')).json();
      const back = await answerAuthorizePage(url);
      const started = await api(token).post('/api/insurerDataFetch/aetnaSandboxFetch/oauth2/tokenCallback', {
        authCode: `${back.get('code')}-forged`,
        state: back.get('state'),
      });
      const event = await waitFor(token, started.json().pollingEventID);
      expect(event).toMatchObject({
        status: 'failed',
        response: { message: 'We could not confirm your sign-in with your insurer. Please try again.' },
      });
      expect(await dataSourceOf(app).query('SELECT 1 FROM insurer_links WHERE user_id = $1', [userId])).toHaveLength(0);
    });

    it('passes on a denial: the authorize page sends error and error_description back', async () => {
      const { token } = await tokenFor(app);
      const { link: url } = (await api(token).get('/api/insurerDataFetch/kaiserSandboxFetch/oauth2/authorize')).json();
      const back = await answerAuthorizePage(url, 'deny');
      expect(back.get('error')).toBe('access_denied');
      expect(back.get('error_description')).toBeTruthy();
      expect(back.get('code')).toBeNull();
    });
  });

  describe('token refresh', () => {
    afterEach(() => sandbox.setAccessTokenTtl(3600));

    // The sandbox rotates every refresh token (RFC 9700); keeping one an insurer did not resend is the repository's
    // (insurers.repository.int-spec).
    it.each(['aetnaSandbox', 'blueButtonSandbox'] as const)(
      '%s: refreshes an expired access token and stores the rotated refresh token',
      async (insurer) => {
        const { token, userId } = await tokenFor(app);
        await sandbox.setAccessTokenTtl(1);
        await link(token, insurer);
        const linkRow = async () =>
          (await dataSourceOf(app).query('SELECT access_token_enc, refresh_token_enc FROM insurer_links WHERE user_id = $1', [userId]))[0];
        const before = await linkRow();
        await new Promise((r) => setTimeout(r, 1100));
        const started = await api(token).post(`/api/insurerDataFetch/${insurer}Fetch/getPatientEOB`);
        expect((await waitFor(token, started.json().pollingEventID)).status).toBe('complete');
        const after = await linkRow();
        expect(after.access_token_enc).not.toBe(before.access_token_enc);
        expect(after.refresh_token_enc).not.toBe(before.refresh_token_enc);
        // And the new refresh token works for the next refresh.
        await new Promise((r) => setTimeout(r, 1100));
        const again = await api(token).post(`/api/insurerDataFetch/${insurer}Fetch/getPatientEOB`);
        expect((await waitFor(token, again.json().pollingEventID)).status).toBe('complete');
      },
    );
  });

  describe('upstream faults', () => {
    it.each([
      ['status500', /answered 500/],
      ['malformedBundle', /malformed FHIR Bundle|not JSON/],
    ] as const)('%s ends the fetch as failed with a message and an errors row', async (kind, detail) => {
      const { token, userId } = await tokenFor(app);
      await link(token, 'humana');
      await sandbox.setFault({ insurer: 'humana', resource: 'ExplanationOfBenefit', kind });
      const started = await api(token).post('/api/insurerDataFetch/humanaFetch/getPatientEOB');
      const event = await waitFor(token, started.json().pollingEventID);
      expect(event).toMatchObject({
        status: 'failed',
        response: { message: 'We could not get your data from this insurer right now. Please try again later.' },
      });
      const [row] = await dataSourceOf(app).query(
        `SELECT insurer_name, error_type, host, error_details FROM errors WHERE user_id = $1 ORDER BY created_at DESC LIMIT 1`,
        [userId],
      );
      // The partner's host and status, and the polling event as correlation id, for operators.
      expect(row).toMatchObject({ insurer_name: 'Humana', error_type: 'INSURER_FETCH_FAILED', host: new URL(sandbox.url).host });
      expect(row.error_details).toMatchObject({
        step: 'getPatientEOB',
        status: kind === 'status500' ? 500 : 200,
        correlationId: started.json().pollingEventID,
      });
      expect(row.error_details.message).toMatch(detail);
    });

    it('recovers from a transient 500 on one page by retrying it', async () => {
      const { token } = await tokenFor(app);
      await link(token, 'humana');
      await sandbox.setFault({ insurer: 'humana', resource: 'ExplanationOfBenefit', kind: 'status500', times: 1 });
      const started = await api(token).post('/api/insurerDataFetch/humanaFetch/getPatientEOB');
      expect((await waitFor(token, started.json().pollingEventID)).status).toBe('complete');
    });
  });

  it('refuses a fetch before the insurer is linked, and an add-insurer request without its fields', async () => {
    const { token } = await tokenFor(app);
    expect((await api(token).post('/api/insurerDataFetch/humanaFetch/getPatientEOB')).json().code).toBe('INSURERS.NOT_LINKED');
    const bad = await api(token).post('/api/brokerForms/insuranceAddRequest', { insurerName: 'Molina Healthcare' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('email');
    const ok = await api(token).post('/api/brokerForms/insuranceAddRequest', { insurerName: 'Molina Healthcare', email: 'me@example.com' });
    expect(ok.statusCode).toBe(201);
  });
});
