import {
  FETCH_SETS,
  FIRST_WAVE,
  InsurerLinkMessages,
  InsurerTexts,
  type FetchOperation,
  type InsurerKey,
  type InsurerLinksResponse,
} from '@healthlink/contracts';
import { Logger } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { TokenCipher } from '../../src/modules/insurers/token-cipher';
import { pollUntil } from '../utils/poll';
import { answerAuthorizePage, startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

jest.setTimeout(240_000);

// Nothing may fall back to the sandbox's default paths: each insurer under test has only its README settings.
const NOWHERE = 'http://127.0.0.1:9';
const MEMBER = 'member-small';
const UHC_SCOPES =
  'launch/patient openid fhirUser offline_access patient/Patient.read patient/Condition.read patient/Encounter.read ' +
  'patient/ExplanationOfBenefit.read patient/MedicationRequest.read';
// Aetna's set fetches drugs too: this scope leaves them out, as a payer that grants less than asked would.
const AETNA_NARROW_SCOPES = 'launch/patient offline_access patient/Patient.read patient/ExplanationOfBenefit.read';

type Settled = { status: string; response: Record<string, unknown> | null };

/** The member's consent at the sandbox, sharing every record type offered but those in `unshare`. */
const consent = (link: string, unshare: string[] = []) => answerAuthorizePage(link, 'approve', MEMBER, unshare);

/**
 * Insurers configured as a real payer would be, with only their FHIR base, client id and secret (and, for some,
 * scopes): the sandbox publishes their endpoints by SMART discovery, and SANDBOX_URL points nowhere.
 */
describe('insurers: SMART App Launch discovery, granted scopes and unlinking', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;
  const fhirBase = (insurer: string) => `${sandbox.url}/insurers/${insurer}/fhir`;
  const only = (insurer: InsurerKey, prefix: string, extra: Record<string, string> = {}) => ({
    [`${prefix}FHIR_BASE_URL`]: fhirBase(insurer),
    [`${prefix}CLIENT_ID`]: `healthlink-${insurer}`,
    [`${prefix}CLIENT_SECRET`]: `sandbox-secret-${insurer}`,
    ...extra,
  });

  beforeAll(async () => {
    sandbox = await startSandbox();
    app = await createTestApp({
      SANDBOX_URL: NOWHERE,
      PUBLIC_URL: 'http://localhost:8080',
      JOBS_RETRY_LIMIT: '0',
      ...only('uhc', 'INSURER_UHC_', { INSURER_UHC_SCOPES: UHC_SCOPES }),
      ...only('humana', 'INSURER_HUMANA_', {
        // Answers 404: revocation fails at this insurer, and unlinking goes on.
        INSURER_HUMANA_REVOCATION_URL: `${sandbox.url}/insurers/humana/no-revocation-here`,
      }),
      ...only('aetna', 'INSURER_AETNA_', { INSURER_AETNA_SCOPES: AETNA_NARROW_SCOPES }),
      ...only('cigna', 'INSURER_CIGNA_'),
      // A FHIR server that publishes no SMART configuration and no CapabilityStatement.
      INSURER_KAISER_FHIR_BASE_URL: `${sandbox.url}/insurers/nowhere/fhir`,
      INSURER_KAISER_CLIENT_ID: 'healthlink-kaiser',
      INSURER_KAISER_CLIENT_SECRET: 'sandbox-secret-kaiser',
    });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  const api = (token?: string) => ({
    get: (url: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} }),
    post: (url: string, payload: object = {}) => app.inject({ method: 'POST', url, payload, headers: token ? bearer(token) : {} }),
    delete: (url: string) => app.inject({ method: 'DELETE', url, headers: token ? bearer(token) : {} }),
  });
  const settle = async (token: string, id: string) =>
    (await pollUntil(
      async () => (await api(token).get(`/api/pollingEvent/${id}`)).json(),
      (e) => e.status !== 'pending',
      90_000,
      100,
    )) as Settled;

  async function authorize(token: string, insurer: InsurerKey): Promise<URL> {
    const res = await api(token).get(`/api/insurerDataFetch/${insurer}Fetch/oauth2/authorize`);
    expect(res.statusCode).toBe(200);
    return new URL(res.json().link);
  }

  async function link(token: string, insurer: InsurerKey, unshare: string[] = []): Promise<Settled> {
    const back = await consent((await authorize(token, insurer)).toString(), unshare);
    const started = await api(token).post(`/api/insurerDataFetch/${insurer}Fetch/oauth2/tokenCallback`, {
      authCode: back.get('code'),
      state: back.get('state'),
    });
    expect(started.statusCode).toBe(202);
    return settle(token, started.json().pollingEventID);
  }

  async function fetchOne(token: string, insurer: InsurerKey, op: FetchOperation): Promise<Settled> {
    const started = await api(token).post(`/api/insurerDataFetch/${insurer}Fetch/${op}`);
    expect(started.statusCode).toBe(202);
    return settle(token, started.json().pollingEventID);
  }

  /** The insurer's set in the spec's order: the first wave in parallel, then EOB and drugs. */
  async function fetchSet(token: string, insurer: InsurerKey): Promise<Record<string, Settled>> {
    const outcome: Record<string, Settled> = {};
    for (const wave of [
      FETCH_SETS[insurer].filter((op) => FIRST_WAVE.includes(op)),
      FETCH_SETS[insurer].filter((op) => !FIRST_WAVE.includes(op)),
    ]) {
      await Promise.all(wave.map(async (op) => (outcome[op] = await fetchOne(token, insurer, op))));
    }
    return outcome;
  }

  async function sandboxCounts(insurer: string): Promise<Record<string, number>> {
    const { members } = (await (await fetch(`${sandbox.url}/insurers/_admin/members/${insurer}`)).json()) as {
      members: { username: string; counts: Record<string, number> }[];
    };
    return members.find((m) => m.username === MEMBER)!.counts;
  }

  /** Every URL the backend (this process) asks for while `work` runs. */
  async function requestsDuring(work: () => Promise<void>): Promise<string[]> {
    const realFetch = globalThis.fetch;
    const urls: string[] = [];
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      urls.push(input instanceof Request ? input.url : String(input));
      return realFetch(input, init);
    });
    try {
      await work();
    } finally {
      spy.mockRestore();
    }
    return urls;
  }

  const countsOf = async (userId: string, insurer: string) => {
    const [row] = await dataSourceOf(app).query(
      `SELECT (SELECT count(*)::int FROM insurer_links WHERE user_id = $1 AND insurer_key = $2) AS links,
              (SELECT count(*)::int FROM fhir_resources WHERE user_id = $1 AND insurer_key = $2) AS raw,
              (SELECT count(*)::int FROM claims WHERE user_id = $1 AND insurer_key = $2) AS claims,
              (SELECT count(*)::int FROM prescriptions WHERE user_id = $1 AND insurer_key = $2) AS prescriptions,
              (SELECT count(*)::int FROM conditions WHERE user_id = $1 AND insurer_key = $2) AS conditions,
              (SELECT count(*)::int FROM coverages WHERE user_id = $1 AND insurer_key = $2) AS coverages,
              (SELECT count(*)::int FROM patient_info WHERE user_id = $1 AND source = $2) AS patient_info`,
      [userId, insurer],
    );
    return row as Record<string, number>;
  };

  it('links an insurer known only by its FHIR base: discovered endpoints, aud, its scopes, and every claim and drug arrives', async () => {
    const { token, userId } = await tokenFor(app);
    const url = await authorize(token, 'uhc');
    expect(`${url.origin}${url.pathname}`).toBe(`${sandbox.url}/insurers/uhc/authorize`);
    expect(url.searchParams.get('aud')).toBe(fhirBase('uhc'));
    expect(url.searchParams.get('scope')).toBe(UHC_SCOPES);
    expect(url.searchParams.get('code_challenge_method')).toBe('S256');

    expect(await link(token, 'uhc')).toMatchObject({ status: 'complete', response: { linked: true } });
    const [stored] = await dataSourceOf(app).query(
      `SELECT patient_id, scope FROM insurer_links WHERE user_id = $1 AND insurer_key = 'uhc'`,
      [userId],
    );
    // SMART: the token response names the patient the fetches use, and the scope granted.
    expect(stored.patient_id).toBe(`uhc-${MEMBER}`);
    expect(stored.scope).toContain('patient/ExplanationOfBenefit.read');

    const outcome = await fetchSet(token, 'uhc');
    const expected = await sandboxCounts('uhc');
    expect(expected.ExplanationOfBenefit).toBeGreaterThan(0);
    expect(Object.values(outcome).map((e) => e.status)).toEqual(FETCH_SETS.uhc.map(() => 'complete'));
    expect(outcome.getPatientEOB!.response?.count).toBe(expected.ExplanationOfBenefit);
    expect(outcome.getPatientDrugs!.response?.count).toBe(expected.MedicationRequest);
    expect((await countsOf(userId, 'uhc')).claims).toBe(expected.ExplanationOfBenefit);

    // The sync time is recorded by the last fetch job just after it ends its polling event: awaited, not assumed.
    const links = await pollUntil(
      async () => (await api(token).get('/api/insurerDataFetch/links')).json() as InsurerLinksResponse,
      (answer) => answer.links[0]?.lastSyncedAt != null,
      10_000,
      50,
    );
    expect(links.links).toEqual([
      { insurer: 'uhc', name: 'UnitedHealthcare', status: 'active', linkedAt: expect.any(String), lastSyncedAt: expect.any(String) },
    ]);
    expect(Date.parse(links.links[0]!.linkedAt)).toBeLessThanOrEqual(Date.now());
  });

  it('asks a SMART v2-only insurer for v2 scopes it learnt by discovery, and its data arrives', async () => {
    const { token } = await tokenFor(app);
    const url = await authorize(token, 'humana');
    // The sandbox lists patient/Medication.rs (and no MedicationDispense): the drugs' referenced Medications are asked too.
    const types = ['Patient', 'Condition', 'Coverage', 'ExplanationOfBenefit', 'MedicationRequest', 'Medication'];
    expect(url.searchParams.get('scope')).toBe(
      `launch/patient openid fhirUser offline_access ${types.map((t) => `patient/${t}.rs`).join(' ')}`,
    );
    expect(await link(token, 'humana')).toMatchObject({ status: 'complete' });
    const outcome = await fetchSet(token, 'humana');
    const expected = await sandboxCounts('humana');
    expect(outcome.getPatientEOB).toMatchObject({ status: 'complete', response: { count: expected.ExplanationOfBenefit } });
    expect(outcome.getPatientDrugs).toMatchObject({ status: 'complete', response: { count: expected.MedicationRequest } });
  });

  it('ends a type outside the granted scope `missing`, saying the member did not share it, without asking the insurer', async () => {
    const { token, userId } = await tokenFor(app);
    expect(await link(token, 'aetna')).toMatchObject({ status: 'complete' });
    let drugs: Settled | undefined;
    const urls = await requestsDuring(async () => {
      drugs = await fetchOne(token, 'aetna', 'getPatientDrugs');
    });
    expect(drugs).toMatchObject({ status: 'missing', response: { insurer: 'aetna', count: 0, message: InsurerTexts.notShared } });
    expect(urls.filter((u) => u.includes('/MedicationRequest'))).toEqual([]);
    const expected = await sandboxCounts('aetna');
    expect(await fetchOne(token, 'aetna', 'getPatientEOB')).toMatchObject({
      status: 'complete',
      response: { count: expected.ExplanationOfBenefit },
    });
    const raw = await dataSourceOf(app).query(
      `SELECT resource_type, count(*)::int AS n FROM fhir_resources WHERE user_id = $1 GROUP BY resource_type ORDER BY resource_type`,
      [userId],
    );
    expect(raw).toEqual([{ resource_type: 'ExplanationOfBenefit', n: expected.ExplanationOfBenefit }]);
  });

  it('ends a type the member unticked at the insurer `missing`, and a 403 from the insurer likewise', async () => {
    const { token, userId } = await tokenFor(app);
    expect(await link(token, 'cigna', ['ExplanationOfBenefit'])).toMatchObject({ status: 'complete' });
    const [{ scope }] = await dataSourceOf(app).query(`SELECT scope FROM insurer_links WHERE user_id = $1 AND insurer_key = 'cigna'`, [
      userId,
    ]);
    expect(scope).not.toContain('ExplanationOfBenefit');
    expect(await fetchOne(token, 'cigna', 'getPatientEOB')).toMatchObject({
      status: 'missing',
      response: { message: InsurerTexts.notShared },
    });
    expect(await fetchOne(token, 'cigna', 'getPatientInformation')).toMatchObject({ status: 'complete' });

    // As if the insurer had not said what it granted: the request goes out, and its 403 is the same answer.
    await dataSourceOf(app).query(`UPDATE insurer_links SET scope = NULL WHERE user_id = $1 AND insurer_key = 'cigna'`, [userId]);
    let eob: Settled | undefined;
    const urls = await requestsDuring(async () => {
      eob = await fetchOne(token, 'cigna', 'getPatientEOB');
    });
    expect(urls.some((u) => u.includes('/ExplanationOfBenefit'))).toBe(true);
    expect(eob).toMatchObject({ status: 'missing', response: { message: InsurerTexts.notShared } });
    expect((await countsOf(userId, 'cigna')).claims).toBe(0);
  });

  it("unlinks: the grant is revoked at the insurer, and only that insurer's data of this member is deleted", async () => {
    const member = await tokenFor(app);
    const other = await tokenFor(app);
    for (const [who, insurer] of [
      [member, 'uhc'],
      [member, 'aetna'],
      [other, 'uhc'],
    ] as const) {
      expect((await link(who.token, insurer)).status).toBe('complete');
      await fetchSet(who.token, insurer);
    }
    const db = dataSourceOf(app);
    const [row] = await db.query(
      `SELECT access_token_enc, refresh_token_enc FROM insurer_links WHERE user_id = $1 AND insurer_key = 'uhc'`,
      [member.userId],
    );
    const cipher = app.get(TokenCipher);
    const sealedFor = { userId: member.userId, insurer: 'uhc' };
    const access = cipher.decrypt(row.access_token_enc, { ...sealedFor, column: 'insurer_links.access_token_enc' });
    const refresh = cipher.decrypt(row.refresh_token_enc, { ...sealedFor, column: 'insurer_links.refresh_token_enc' });
    const patientRead = () => fetch(`${fhirBase('uhc')}/Patient/uhc-${MEMBER}`, { headers: { authorization: `Bearer ${access}` } });
    expect((await patientRead()).status).toBe(200);
    const aetnaBefore = await countsOf(member.userId, 'aetna');
    const otherBefore = await countsOf(other.userId, 'uhc');
    expect((await countsOf(member.userId, 'uhc')).claims).toBeGreaterThan(0);

    const res = await api(member.token).delete('/api/insurerDataFetch/links/uhc');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: InsurerLinkMessages.unlinked('UnitedHealthcare'), revokedAtInsurer: true });

    expect((await patientRead()).status).toBe(401);
    const refreshed = await fetch(`${sandbox.url}/insurers/uhc/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from('healthlink-uhc:sandbox-secret-uhc').toString('base64')}`,
      },
      body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refresh }).toString(),
    });
    expect(((await refreshed.json()) as { error: string }).error).toBe('invalid_grant');

    expect(await countsOf(member.userId, 'uhc')).toEqual({
      links: 0,
      raw: 0,
      claims: 0,
      prescriptions: 0,
      conditions: 0,
      coverages: 0,
      patient_info: 0,
    });
    expect(await countsOf(member.userId, 'aetna')).toEqual(aetnaBefore);
    expect(await countsOf(other.userId, 'uhc')).toEqual(otherBefore);
    const links = (await api(member.token).get('/api/insurerDataFetch/links')).json() as InsurerLinksResponse;
    expect(links.links.map((l) => l.insurer)).toEqual(['aetna']);

    const again = await api(member.token).delete('/api/insurerDataFetch/links/uhc');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toMatchObject({ code: 'INSURERS.LINK_NOT_FOUND' });
  });

  it('unlinks even when the insurer cannot revoke the grant, and tells the member so', async () => {
    const { token, userId } = await tokenFor(app);
    expect((await link(token, 'humana')).status).toBe('complete');
    expect((await fetchOne(token, 'humana', 'getPatientEOB')).status).toBe('complete');
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const res = await api(token).delete('/api/insurerDataFetch/links/humana');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: InsurerLinkMessages.unlinkedNotRevoked('Humana'), revokedAtInsurer: false });
      expect(JSON.stringify(warn.mock.calls)).toContain('insurer token revocation failed');
    } finally {
      warn.mockRestore();
    }
    expect(await countsOf(userId, 'humana')).toMatchObject({ links: 0, raw: 0, claims: 0 });
    const [recorded] = await dataSourceOf(app).query(
      `SELECT host, error_details FROM errors WHERE error_type = 'INSURER_REVOKE_FAILED' AND user_id = $1 LIMIT 1`,
      [userId],
    );
    expect(recorded).toMatchObject({ host: new URL(sandbox.url).host, error_details: { step: 'REVOKE', status: 404 } });
  });

  it('refuses to unlink an unknown insurer (400), one not linked (404), and anyone signed out (401)', async () => {
    const { token } = await tokenFor(app);
    const unknown = await api(token).delete('/api/insurerDataFetch/links/notAnInsurer');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INSURERS.VALIDATION', errors: [{ field: 'insurer' }] });
    const notLinked = await api(token).delete('/api/insurerDataFetch/links/cigna');
    expect(notLinked.statusCode).toBe(404);
    expect(notLinked.json()).toEqual({ code: 'INSURERS.LINK_NOT_FOUND', message: InsurerTexts.linkNotFound });
    expect((await api().delete('/api/insurerDataFetch/links/cigna')).statusCode).toBe(401);
    expect((await api().get('/api/insurerDataFetch/links')).statusCode).toBe(401);
    expect((await api(token).get('/api/insurerDataFetch/links')).json()).toEqual({ links: [] });
  });

  it('answers a discovery failure with a clear 502 for the member and a warning naming insurer, URL and failure', async () => {
    const { token, userId } = await tokenFor(app);
    const warn = jest.spyOn(Logger.prototype, 'warn');
    try {
      const res = await api(token).get('/api/insurerDataFetch/kaiserFetch/oauth2/authorize');
      expect(res.statusCode).toBe(502);
      expect(res.json()).toMatchObject({
        code: 'INSURERS.DISCOVERY_FAILED',
        message: "We could not reach Kaiser Permanente's sign-in right now. Please try again later.",
      });
      const logged = warn.mock.calls.find(([context]) => (context as { step?: string }).step === 'DISCOVERY');
      expect(logged?.[0]).toMatchObject({
        insurer: 'kaiser',
        url: `${sandbox.url}/insurers/nowhere/fhir/.well-known/smart-configuration`,
        status: 404,
      });
      expect(String(logged?.[1])).toContain('/insurers/nowhere/fhir/metadata answered 404');
    } finally {
      warn.mockRestore();
    }
    // No sign-in was started, so nothing waits for a callback.
    expect(await dataSourceOf(app).query(`SELECT 1 FROM oauth_states WHERE user_id = $1`, [userId])).toHaveLength(0);
  });
});
