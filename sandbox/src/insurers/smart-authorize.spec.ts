import { createHmac } from 'node:crypto';
import { buildSandbox } from '../server';
import { createInsurersPartner } from './insurers.partner';
import {
  ALL_SHARES,
  AUTHORIZE_HEADERS,
  authorizeParams,
  basicAuth,
  consentBody,
  exchange,
  fhirBaseFor,
  fhirGet,
  HOST,
  linkMember,
  pkcePair,
  redirectUriFor,
  startInsurers,
  type TestSandbox,
} from './test-support';

/** SMART App Launch 2 at the authorize endpoint: aud, scopes, and what the member chooses to share. */
describe('insurers partner: SMART authorize request', () => {
  let sb: TestSandbox;
  beforeEach(async () => {
    sb = await startInsurers();
  });
  afterEach(async () => {
    await sb.app.close();
  });

  const getAuthorize = (key: string, overrides: Record<string, string | undefined> = {}, path = `/insurers/${key}/authorize`) =>
    sb.app.inject({
      method: 'GET',
      url: `${path}?${new URLSearchParams(authorizeParams(key, pkcePair().challenge, overrides)).toString()}`,
      headers: { host: HOST },
    });

  /** The RFC 6749 §4.1.2.1 error sent back to the client's redirect URI. */
  const redirectedError = (location: string | undefined) => {
    expect(location).toBeDefined();
    const url = new URL(location as string);
    expect(`${url.origin}${url.pathname}`).toBe(redirectUriFor('uhc'));
    expect(url.searchParams.get('code')).toBeNull();
    return {
      error: url.searchParams.get('error'),
      description: url.searchParams.get('error_description') ?? '',
      state: url.searchParams.get('state'),
    };
  };

  describe('aud', () => {
    it.each([
      ['the FHIR base as published', fhirBaseFor('uhc')],
      ['the FHIR base with one trailing slash', `${fhirBaseFor('uhc')}/`],
      ['the FHIR base with scheme and host in capitals', `HTTP://SANDBOX.TEST:4100/insurers/uhc/fhir`],
    ])('accepts %s', async (_name, aud) => {
      const res = await getAuthorize('uhc', { aud });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain(`name="aud" value="${aud}"`);
    });

    it.each([
      ['missing', undefined, 'aud is missing'],
      ['empty', '', 'aud is missing'],
      ['another host', 'http://elsewhere.test:4100/insurers/uhc/fhir', 'is not this insurer'],
      ["another insurer's base", fhirBaseFor('aetna'), 'is not this insurer'],
      ['two trailing slashes', `${fhirBaseFor('uhc')}//`, 'is not this insurer'],
      ['the OAuth base', `http://${HOST}/insurers/uhc`, 'is not this insurer'],
      ['a query', `${fhirBaseFor('uhc')}?x=1`, 'is not this insurer'],
      ['credentials', `http://user@${HOST}/insurers/uhc/fhir`, 'is not this insurer'],
      ['https for http', `https://${HOST}/insurers/uhc/fhir`, 'is not this insurer'],
      ['a relative URL', '/insurers/uhc/fhir', 'is not this insurer'],
    ])('sends the client back with invalid_request for an aud that is %s', async (_name, aud, message) => {
      const res = await getAuthorize('uhc', { aud });
      expect(res.statusCode).toBe(302);
      const error = redirectedError(res.headers.location as string);
      expect(error).toEqual({ error: 'invalid_request', description: expect.stringContaining(message), state: 'state-123' });
      expect(error.description).toContain('aud');
      expect(error.description).toContain(fhirBaseFor('uhc'));
    });

    it('still shows an error page, not a redirect, when the client or redirect URI is bad as well', async () => {
      const res = await getAuthorize('uhc', { aud: undefined, client_id: 'evil' });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('Unknown client_id');
    });

    it('checks aud again on the consent POST: a tampered one gets no code', async () => {
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/uhc/authorize',
        headers: AUTHORIZE_HEADERS,
        payload: consentBody(authorizeParams('uhc', pkcePair().challenge, { aud: fhirBaseFor('aetna') }), {
          member: 'member-small',
          password: 'x',
          decision: 'approve',
        }),
      });
      expect(res.statusCode).toBe(302);
      expect(redirectedError(res.headers.location as string).error).toBe('invalid_request');
    });

    it('requires aud at /insurers/blueButton too (only the /v2 paths are lenient)', async () => {
      const res = await getAuthorize('blueButton', { aud: undefined });
      expect(res.statusCode).toBe(302);
      expect(new URL(res.headers.location as string).searchParams.get('error')).toBe('invalid_request');
    });

    it('accepts the FHIR base on another origin the sandbox is known by (fhirOrigins)', async () => {
      const partner = createInsurersPartner({ fhirOrigins: ['http://sandbox:4100'] });
      const app = await buildSandbox([partner]);
      try {
        const query = (aud: string) => new URLSearchParams(authorizeParams('uhc', pkcePair().challenge, { aud })).toString();
        const inside = await app.inject({
          method: 'GET',
          url: `/insurers/uhc/authorize?${query('http://sandbox:4100/insurers/uhc/fhir')}`,
          headers: { host: HOST },
        });
        expect(inside.statusCode).toBe(200);
        const other = await app.inject({
          method: 'GET',
          url: `/insurers/uhc/authorize?${query('http://other:4100/insurers/uhc/fhir')}`,
          headers: { host: HOST },
        });
        expect(other.statusCode).toBe(302);
      } finally {
        await app.close();
      }
    });
  });

  describe('Blue Button paths (/v2): aud optional, checked when sent', () => {
    let app: Awaited<ReturnType<typeof buildSandbox>>;
    beforeEach(async () => {
      const partner = createInsurersPartner();
      app = await buildSandbox([partner, partner.blueButtonPaths]);
    });
    afterEach(() => app.close());
    const get = (aud: string | undefined) =>
      app.inject({
        method: 'GET',
        url: `/v2/o/authorize/?${new URLSearchParams(authorizeParams('blueButton', pkcePair().challenge, { aud })).toString()}`,
        headers: { host: HOST },
      });

    it.each([
      ['no aud', undefined],
      ['/v2/fhir', `http://${HOST}/v2/fhir`],
      ['/v2/fhir/', `http://${HOST}/v2/fhir/`],
    ])('shows the sign-in with %s', async (_name, aud) => {
      expect((await get(aud)).statusCode).toBe(200);
    });

    it('sends the client back for an aud that is not the /v2 FHIR base', async () => {
      const res = await get(fhirBaseFor('blueButton'));
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(url.searchParams.get('error')).toBe('invalid_request');
      expect(url.searchParams.get('error_description')).toContain(`http://${HOST}/v2/fhir`);
    });
  });

  describe('scope', () => {
    it.each([
      ['humana', 'openid patient/*.read launch/patient offline_access', 'SMART v1 scope'],
      ['humana', 'launch/patient patient/ExplanationOfBenefit.read', 'SMART v1 scope'],
      ['uhc', 'launch/patient patient/ExplanationOfBenefit.rs', 'SMART v2 scope'],
      ['uhc', 'launch/patient user/*.read', 'patient/ scopes only'],
      ['uhc', 'patient/Observation.read', 'does not serve'],
      ['uhc', 'patient/*.write', 'read only'],
    ])('%s refuses "%s" with invalid_scope, back at the client', async (key, scope, message) => {
      const res = await getAuthorize(key, { scope });
      expect(res.statusCode).toBe(302);
      const url = new URL(res.headers.location as string);
      expect(url.searchParams.get('error')).toBe('invalid_scope');
      expect(url.searchParams.get('error_description')).toContain(message);
      expect(url.searchParams.get('state')).toBe('state-123');
    });

    it('humana (v2 only) grants v2 scopes', async () => {
      const linked = await linkMember(sb.app, 'humana', 'member-small', {
        overrides: { scope: 'launch/patient offline_access patient/ExplanationOfBenefit.rs patient/Patient.r' },
        shares: ['ExplanationOfBenefit', 'Patient'],
      });
      expect(linked.scope).toBe('launch/patient offline_access patient/ExplanationOfBenefit.rs patient/Patient.r');
      const base = '/insurers/humana/fhir';
      expect((await fhirGet(sb.app, `${base}/ExplanationOfBenefit?patient=${linked.patient}`, linked.access_token)).statusCode).toBe(200);
      expect((await fhirGet(sb.app, `${base}/Patient/${linked.patient}`, linked.access_token)).statusCode).toBe(200);
      // `.r` without `.s`: reading works, searching does not.
      expect((await fhirGet(sb.app, `${base}/Patient?_id=${linked.patient}`, linked.access_token)).statusCode).toBe(403);
    });
  });

  describe('the consent page: what to share', () => {
    it('lists each requested record type as a ticked, labelled checkbox in a fieldset', async () => {
      const res = await getAuthorize('uhc');
      expect(res.statusCode).toBe(200);
      const html = res.body;
      expect(html).toMatch(/<fieldset aria-describedby="share-hint"><legend>Records HealthLink may read<\/legend>/);
      const boxes = [...html.matchAll(/<input type="checkbox" name="share" id="([^"]+)" value="([^"]+)"( checked)?>/g)];
      expect(boxes.map((b) => b[2])).toEqual([...ALL_SHARES]);
      for (const [, id, , checked] of boxes) {
        expect(checked).toBe(' checked');
        expect(html).toContain(`<label for="${id}">`);
      }
      expect(html).toContain('<strong>Claims</strong>');
      expect(html).toContain('<strong>Prescriptions</strong>');
      expect(html).toContain('Keep access when you are not signed in');
    });

    it('lists only the types named when the request names them', async () => {
      const res = await getAuthorize('uhc', { scope: 'launch/patient patient/Coverage.read patient/Organization.read' });
      const values = [...res.body.matchAll(/name="share" id="[^"]+" value="([^"]+)"/g)].map((m) => m[1]);
      expect(values).toEqual(['Coverage', 'Organization']);
    });

    it('grants what stays ticked: the token scope drops the unticked types, and their reads answer 403', async () => {
      const shares = ALL_SHARES.filter((t) => t !== 'Condition');
      const linked = await linkMember(sb.app, 'uhc', 'member-typical', { shares });
      expect(linked.patient).toBe('uhc-member-typical');
      expect(linked.scope).toBe(
        'openid patient/Patient.read patient/ExplanationOfBenefit.read patient/Coverage.read patient/Encounter.read ' +
          'patient/MedicationRequest.read launch/patient offline_access',
      );
      const base = '/insurers/uhc/fhir';
      const eobs = await fhirGet(sb.app, `${base}/ExplanationOfBenefit?patient=${linked.patient}`, linked.access_token);
      expect(eobs.statusCode).toBe(200);
      const conditions = await fhirGet(sb.app, `${base}/Condition?patient=${linked.patient}`, linked.access_token);
      expect(conditions.statusCode).toBe(403);
      expect(conditions.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      expect(conditions.json()).toMatchObject({
        resourceType: 'OperationOutcome',
        issue: [{ severity: 'error', code: 'forbidden', diagnostics: expect.stringContaining('Condition') }],
      });
      const all = await linkMember(sb.app, 'uhc', 'member-typical');
      const conditionId = (await fhirGet(sb.app, `${base}/Condition?patient=${all.patient}`, all.access_token)).json().entry[0].resource.id;
      expect((await fhirGet(sb.app, `${base}/Condition/${conditionId}`, linked.access_token)).statusCode).toBe(403);
      expect((await fhirGet(sb.app, `${base}/Condition/${conditionId}`, all.access_token)).statusCode).toBe(200);
      // The wildcard gave way to the ticked types: shared resources are outside it now.
      const eob = eobs.json().entry[0].resource as { insurer: { reference: string } };
      expect((await fhirGet(sb.app, `${base}/${eob.insurer.reference}`, linked.access_token)).statusCode).toBe(403);
      expect((await fhirGet(sb.app, `${base}/${eob.insurer.reference}`, all.access_token)).statusCode).toBe(200);
    });

    it('keeps the refresh to what was granted: a refresh token cannot win back an unticked type', async () => {
      const linked = await linkMember(sb.app, 'uhc', 'member-small', { shares: ['ExplanationOfBenefit'] });
      const wider = await exchange(sb.app, 'uhc', {
        grant_type: 'refresh_token',
        refresh_token: linked.refresh_token,
        scope: 'patient/*.read',
      });
      expect(wider.json().error).toBe('invalid_scope');
      const same = await exchange(sb.app, 'uhc', { grant_type: 'refresh_token', refresh_token: linked.refresh_token });
      expect(same.json().scope).toBe(linked.scope);
    });

    it('shows the form again when nothing is ticked, keeping the choices', async () => {
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/uhc/authorize',
        headers: AUTHORIZE_HEADERS,
        payload: consentBody(
          authorizeParams('uhc', pkcePair().challenge),
          { member: 'member-small', password: 'x', decision: 'approve' },
          [],
        ),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain(
        '<span class="field-error" id="share-error">Tick at least one kind of record to share, or choose Deny.</span>',
      );
      expect(res.body).toContain('<fieldset aria-describedby="share-hint share-error">');
      expect(res.body).not.toMatch(/name="share"[^>]* checked/);
    });

    it('keeps the ticks the member chose when another field sends the form back', async () => {
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/uhc/authorize',
        headers: AUTHORIZE_HEADERS,
        payload: consentBody(authorizeParams('uhc', pkcePair().challenge), { member: 'member-small', password: '', decision: 'approve' }, [
          'Coverage',
        ]),
      });
      expect(res.statusCode).toBe(400);
      const ticked = [...res.body.matchAll(/name="share" id="[^"]+" value="([^"]+)" checked/g)].map((m) => m[1]);
      expect(ticked).toEqual(['Coverage']);
    });

    it('ignores share values that were not offered', async () => {
      const linked = await linkMember(sb.app, 'uhc', 'member-small', {
        overrides: { scope: 'launch/patient offline_access patient/Coverage.read' },
        shares: ['Coverage', 'Condition'],
      });
      expect(linked.scope).toBe('launch/patient offline_access patient/Coverage.read');
    });
  });

  describe('token response', () => {
    it('gives a refresh token only for offline_access and an ID token only for openid', async () => {
      const bare = await linkMember(sb.app, 'uhc', 'member-small', { overrides: { scope: 'launch/patient patient/*.read' } });
      expect(bare.refresh_token).toBeUndefined();
      expect(bare.id_token).toBeUndefined();
      expect(bare.patient).toBe('uhc-member-small');
      expect(bare.expires_in).toBe(3600);
    });

    it('signs the ID token HS256 with the client secret, for the member, with fhirUser and the nonce', async () => {
      const linked = await linkMember(sb.app, 'aetna', 'member-small', {
        overrides: { scope: 'openid fhirUser launch/patient offline_access patient/*.read', nonce: 'n-0S6_WzA2Mj' },
      });
      const [header, payload, signature] = (linked.id_token as string).split('.') as [string, string, string];
      expect(createHmac('sha256', 'sandbox-secret-aetna').update(`${header}.${payload}`).digest('base64url')).toBe(signature);
      expect(JSON.parse(Buffer.from(header, 'base64url').toString())).toEqual({ alg: 'HS256', typ: 'JWT' });
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      expect(claims).toEqual({
        iss: fhirBaseFor('aetna'),
        sub: 'aetna-member-small',
        aud: 'healthlink-aetna',
        iat: expect.any(Number),
        exp: claims.iat + 3600,
        nonce: 'n-0S6_WzA2Mj',
        fhirUser: `${fhirBaseFor('aetna')}/Patient/aetna-member-small`,
      });
    });

    it('omits fhirUser from the ID token when it was not asked for', async () => {
      const linked = await linkMember(sb.app, 'aetna', 'member-small');
      const claims = JSON.parse(Buffer.from((linked.id_token as string).split('.')[1] as string, 'base64url').toString());
      expect(claims.fhirUser).toBeUndefined();
      expect(claims.nonce).toBeUndefined();
    });

    it('answers invalid_client for a wrong secret as before', async () => {
      const res = await exchange(sb.app, 'uhc', { grant_type: 'refresh_token', refresh_token: 'x' }, basicAuth('uhc', 'wrong'));
      expect(res.statusCode).toBe(401);
    });
  });
});
