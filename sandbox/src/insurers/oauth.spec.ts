import { CODE_TTL_MS } from './oauth-store';
import {
  approve,
  AUTHORIZE_HEADERS,
  authorizeParams,
  basicAuth,
  consentBody,
  exchange,
  fhirGet,
  HOST,
  linkMember,
  pkcePair,
  redirectUriFor,
  startInsurers,
  type TestSandbox,
} from './test-support';

describe('insurers partner: OAuth 2.0 authorization code with PKCE', () => {
  let sb: TestSandbox;
  beforeEach(async () => {
    sb = await startInsurers();
  });
  afterEach(async () => {
    await sb.app.close();
  });

  const authorizeUrl = (key: string, params: Record<string, string>) =>
    `/insurers/${key}/authorize?${new URLSearchParams(params).toString()}`;

  describe('authorize page', () => {
    it('shows an accessible sign-in titled with the insurer, listing members and their usernames', async () => {
      const res = await sb.app.inject({
        method: 'GET',
        url: authorizeUrl('uhc', authorizeParams('uhc', pkcePair().challenge)),
        headers: { host: HOST },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['cache-control']).toBe('no-store');
      const html = res.body;
      expect(html).toContain('<html lang="en">');
      expect(html).toContain('<title>Sign in to UnitedHealthcare (sandbox)</title>');
      expect(html).toContain('name="viewport" content="width=device-width, initial-scale=1"');
      expect(html).toMatch(/<fieldset[^>]*><legend>Choose a synthetic member<\/legend>/);
      for (const username of ['member-small', 'member-typical', 'member-large', 'inferno-carin-888']) {
        expect(html).toContain(`value="${username}"`);
        expect(html).toContain(`<code>${username}</code>`);
      }
      expect(html).not.toContain('aetna-connectathon');
      // Every radio and text input has a label bound to it.
      const ids = [...html.matchAll(/<input type="(?:radio|text|password)"[^>]* id="([^"]+)"/g)].map((m) => m[1]);
      expect(ids.length).toBeGreaterThan(5);
      for (const id of ids) expect(html).toContain(`<label for="${id}"`);
      expect(html).toContain('<button type="submit" class="approve" name="decision" value="approve">Approve</button>');
      expect(html).toMatch(/value="deny" formnovalidate>Deny<\/button>/);
      expect(html).toContain('<form method="post" action="/insurers/uhc/authorize">');
    });

    it.each([
      ['an unknown client_id', { client_id: 'someone-else' }, 'Unknown client_id'],
      ["another insurer's client_id", { client_id: 'healthlink-aetna' }, 'Unknown client_id'],
      ['no client_id', { client_id: undefined }, 'client_id is missing'],
      ['no redirect_uri', { redirect_uri: undefined }, 'redirect_uri is missing'],
      ['a relative redirect_uri', { redirect_uri: '/intermediary/uhc' }, 'not an absolute URL'],
      ['a non-http redirect_uri', { redirect_uri: 'javascript:alert(1)' }, 'must be an http or https URL'],
      ['a redirect_uri with a fragment', { redirect_uri: 'http://localhost:8080/cb#x' }, 'fragment'],
      ['no state', { state: undefined }, 'state is missing'],
      ['no code_challenge', { code_challenge: undefined }, 'code_challenge is missing'],
      ['the plain method', { code_challenge_method: 'plain' }, 'code_challenge_method must be S256'],
      ['no code_challenge_method', { code_challenge_method: undefined }, 'code_challenge_method must be S256'],
      ['a malformed challenge', { code_challenge: 'short' }, 'code_challenge must be'],
      ['response_type token', { response_type: 'token' }, 'response_type must be'],
    ])('shows an error page and never redirects for %s', async (_name, overrides, message) => {
      const res = await sb.app.inject({
        method: 'GET',
        url: authorizeUrl('uhc', authorizeParams('uhc', pkcePair().challenge, overrides)),
        headers: { host: HOST },
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain(message);
    });

    it('answers 404 for an unknown insurer', async () => {
      const res = await sb.app.inject({
        method: 'GET',
        url: authorizeUrl('acme', authorizeParams('acme', pkcePair().challenge)),
        headers: { host: HOST },
      });
      expect(res.statusCode).toBe(404);
      expect(res.headers.location).toBeUndefined();
    });

    it('re-validates the request on the POST: a tampered hidden field gets the error page', async () => {
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/uhc/authorize',
        headers: AUTHORIZE_HEADERS,
        payload: new URLSearchParams({
          ...authorizeParams('uhc', pkcePair().challenge, { client_id: 'evil' }),
          member: 'member-small',
          password: 'x',
          decision: 'approve',
        }).toString(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
    });
  });

  describe('approve and deny', () => {
    it('approve redirects to redirect_uri with a code and the state', async () => {
      const location = await approve(sb.app, 'uhc', pkcePair().challenge, 'member-small', { state: 'a b&c=d' });
      expect(`${location.origin}${location.pathname}`).toBe(redirectUriFor('uhc'));
      expect(location.searchParams.get('code')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(location.searchParams.get('state')).toBe('a b&c=d');
    });

    it('keeps the query the redirect_uri already has', async () => {
      const location = await approve(sb.app, 'uhc', pkcePair().challenge, 'member-small', {
        redirect_uri: 'http://localhost:8080/cb?from=app',
      });
      expect(location.searchParams.get('from')).toBe('app');
      expect(location.searchParams.get('code')).toBeTruthy();
    });

    it('deny redirects with access_denied, the description and the state', async () => {
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/aetna/authorize',
        headers: AUTHORIZE_HEADERS,
        payload: new URLSearchParams({ ...authorizeParams('aetna', pkcePair().challenge), decision: 'deny' }).toString(),
      });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        `${redirectUriFor('aetna')}?error=access_denied&error_description=The+member+denied+access&state=state-123`,
      );
    });

    it('signs in by typed username (case-insensitive) over the radio choice', async () => {
      const { verifier, challenge } = pkcePair();
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/uhc/authorize',
        headers: AUTHORIZE_HEADERS,
        payload: consentBody(authorizeParams('uhc', challenge), {
          member: 'member-small',
          username: 'Inferno-CARIN-888',
          password: 'pw',
          decision: 'approve',
        }),
      });
      expect(res.statusCode).toBe(302);
      const code = new URL(res.headers.location as string).searchParams.get('code') as string;
      const token = await exchange(sb.app, 'uhc', {
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUriFor('uhc'),
        code_verifier: verifier,
      });
      expect(token.json().patient).toBe('888');
    });

    it.each([
      ['an empty password', { member: 'member-small', password: '' }, 'Enter a password', 'password'],
      ['an unknown username', { username: 'nobody', password: 'pw' }, 'No member has the username', 'username'],
      ['no member at all', { password: 'pw' }, 'Choose a member', 'member'],
    ])('shows the form again with an error for %s', async (_name, fields, message, field) => {
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/uhc/authorize',
        headers: AUTHORIZE_HEADERS,
        payload: new URLSearchParams({ ...authorizeParams('uhc', pkcePair().challenge), ...fields, decision: 'approve' }).toString(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain(message);
      expect(res.body).toContain(`id="${field}-error"`);
      if (field !== 'member') expect(res.body).toMatch(new RegExp(`id="${field}"[^>]*aria-invalid="true"`));
    });
  });

  describe('token endpoint', () => {
    async function codeFor(key = 'uhc', username = 'member-small') {
      const pair = pkcePair();
      const location = await approve(sb.app, key, pair.challenge, username);
      return { ...pair, code: location.searchParams.get('code') as string };
    }
    const grant = (code: string, verifier: string, key = 'uhc') => ({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUriFor(key),
      code_verifier: verifier,
    });

    it('exchanges a code with the right verifier (HTTP Basic) for tokens and the patient id', async () => {
      const { code, verifier } = await codeFor('uhc', 'member-large');
      const res = await exchange(sb.app, 'uhc', grant(code, verifier));
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.json()).toEqual({
        access_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        scope: 'openid patient/*.read launch/patient offline_access',
        patient: 'uhc-member-large',
        id_token: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/),
      });
    });

    it('accepts client_id and client_secret in the body', async () => {
      const { code, verifier } = await codeFor();
      const res = await exchange(
        sb.app,
        'uhc',
        { ...grant(code, verifier), client_id: 'healthlink-uhc', client_secret: 'sandbox-secret-uhc' },
        null,
      );
      expect(res.statusCode).toBe(200);
    });

    it('rejects a wrong verifier with invalid_grant', async () => {
      const { code } = await codeFor();
      const res = await exchange(sb.app, 'uhc', grant(code, pkcePair().verifier));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('code_verifier') });
    });

    it('rejects a replayed code, and revokes the tokens the code gave', async () => {
      const { code, verifier } = await codeFor();
      const first = await exchange(sb.app, 'uhc', grant(code, verifier));
      expect(first.statusCode).toBe(200);
      const replay = await exchange(sb.app, 'uhc', grant(code, verifier));
      expect(replay.statusCode).toBe(400);
      expect(replay.json().error).toBe('invalid_grant');
      expect((await fhirGet(sb.app, '/insurers/uhc/fhir/Patient', first.json().access_token)).statusCode).toBe(401);
      const refresh = await exchange(sb.app, 'uhc', { grant_type: 'refresh_token', refresh_token: first.json().refresh_token });
      expect(refresh.json().error).toBe('invalid_grant');
    });

    it('rejects a code after 10 minutes', async () => {
      const { code, verifier } = await codeFor();
      sb.advance(CODE_TTL_MS + 1);
      const res = await exchange(sb.app, 'uhc', grant(code, verifier));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: 'The authorization code has expired' });
    });

    it('accepts a code just before 10 minutes', async () => {
      const { code, verifier } = await codeFor();
      sb.advance(CODE_TTL_MS - 1000);
      expect((await exchange(sb.app, 'uhc', grant(code, verifier))).statusCode).toBe(200);
    });

    it('rejects a wrong client secret with 401 invalid_client and a Basic challenge', async () => {
      const { code, verifier } = await codeFor();
      const res = await exchange(sb.app, 'uhc', grant(code, verifier), basicAuth('uhc', 'wrong'));
      expect(res.statusCode).toBe(401);
      expect(res.headers['www-authenticate']).toBe('Basic realm="uhc"');
      expect(res.json().error).toBe('invalid_client');
      const body = await exchange(sb.app, 'uhc', { ...grant(code, verifier), client_id: 'healthlink-uhc', client_secret: 'nope' }, null);
      expect(body.statusCode).toBe(401);
      // The code survives a failed client authentication.
      expect((await exchange(sb.app, 'uhc', grant(code, verifier))).statusCode).toBe(200);
    });

    it("rejects another insurer's credentials and codes", async () => {
      const { code, verifier } = await codeFor('uhc');
      expect((await exchange(sb.app, 'uhc', grant(code, verifier), basicAuth('aetna'))).statusCode).toBe(401);
      const atAetna = await exchange(sb.app, 'aetna', grant(code, verifier, 'aetna'), basicAuth('aetna'));
      expect(atAetna.json().error).toBe('invalid_grant');
    });

    it('rejects a redirect_uri other than the one authorized', async () => {
      const { code, verifier } = await codeFor();
      const res = await exchange(sb.app, 'uhc', { ...grant(code, verifier), redirect_uri: 'http://localhost:8080/intermediary/other' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('redirect_uri') });
    });

    it.each([
      ['no client authentication', {}, undefined, 401, 'invalid_client'],
      ['two authentication methods', { client_secret: 'sandbox-secret-uhc' }, 'basic', 400, 'invalid_request'],
      ['no grant_type', { grant_type: '' }, 'basic', 400, 'invalid_request'],
      ['an unknown grant_type', { grant_type: 'password' }, 'basic', 400, 'unsupported_grant_type'],
      ['no code_verifier', { code_verifier: '' }, 'basic', 400, 'invalid_request'],
      ['no redirect_uri', { redirect_uri: '' }, 'basic', 400, 'invalid_request'],
    ])('answers RFC 6749 errors: %s', async (_name, overrides, auth, status, error) => {
      const { code, verifier } = await codeFor();
      const body = Object.fromEntries(Object.entries({ ...grant(code, verifier), ...overrides }).filter(([, v]) => v !== ''));
      const res = await exchange(sb.app, 'uhc', body as Record<string, string>, auth ? basicAuth('uhc') : null);
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual({ error, error_description: expect.any(String) });
    });

    it('rejects a JSON body', async () => {
      const res = await sb.app.inject({
        method: 'POST',
        url: '/insurers/uhc/token',
        headers: { authorization: basicAuth('uhc') },
        payload: { grant_type: 'authorization_code' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    });
  });

  describe('refresh and expiry', () => {
    it('refreshes with a new access token and a rotated refresh token at uhc too', async () => {
      const linked = await linkMember(sb.app, 'uhc', 'member-small');
      const res = await exchange(sb.app, 'uhc', { grant_type: 'refresh_token', refresh_token: linked.refresh_token });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toEqual({
        access_token: expect.any(String),
        token_type: 'Bearer',
        expires_in: 3600,
        refresh_token: expect.any(String),
        scope: linked.scope,
        patient: linked.patient,
      });
      expect(body.access_token).not.toBe(linked.access_token);
      expect(body.refresh_token).not.toBe(linked.refresh_token);
    });

    it('rotates the refresh token at Blue Button; replaying the old one ends the grant (RFC 9700 §4.14.2)', async () => {
      const linked = await linkMember(sb.app, 'blueButton', 'BBUser29999');
      const res = await exchange(sb.app, 'blueButton', { grant_type: 'refresh_token', refresh_token: linked.refresh_token });
      expect(res.statusCode).toBe(200);
      const rotated = res.json().refresh_token;
      expect(rotated).toEqual(expect.any(String));
      expect(rotated).not.toBe(linked.refresh_token);
      const old = await exchange(sb.app, 'blueButton', { grant_type: 'refresh_token', refresh_token: linked.refresh_token });
      expect(old.json().error).toBe('invalid_grant');
      expect((await exchange(sb.app, 'blueButton', { grant_type: 'refresh_token', refresh_token: rotated })).json().error).toBe(
        'invalid_grant',
      );
    });

    it('narrows the scope on refresh but never widens it', async () => {
      const linked = await linkMember(sb.app, 'uhc', 'member-small');
      const narrower = await exchange(sb.app, 'uhc', {
        grant_type: 'refresh_token',
        refresh_token: linked.refresh_token,
        scope: 'patient/*.read',
      });
      expect(narrower.json().scope).toBe('patient/*.read');
      const wider = await exchange(sb.app, 'uhc', {
        grant_type: 'refresh_token',
        refresh_token: narrower.json().refresh_token,
        scope: 'patient/*.write',
      });
      expect(wider.json().error).toBe('invalid_scope');
    });

    it('expires access tokens after the TTL set through the admin API, and a refresh gives a working one', async () => {
      const set = await sb.app.inject({ method: 'POST', url: '/insurers/_admin/settings', payload: { accessTokenTtlSeconds: 5 } });
      expect(set.json()).toEqual({ accessTokenTtlSeconds: 5 });
      const linked = await linkMember(sb.app, 'uhc', 'member-small');
      expect(linked.expires_in).toBe(5);
      expect((await fhirGet(sb.app, '/insurers/uhc/fhir/Patient', linked.access_token)).statusCode).toBe(200);
      sb.advance(5000);
      const expired = await fhirGet(sb.app, '/insurers/uhc/fhir/Patient', linked.access_token);
      expect(expired.statusCode).toBe(401);
      expect(expired.headers['www-authenticate']).toContain('error="invalid_token"');
      expect(expired.json().issue[0].code).toBe('expired');
      const refreshed = await exchange(sb.app, 'uhc', { grant_type: 'refresh_token', refresh_token: linked.refresh_token });
      expect((await fhirGet(sb.app, '/insurers/uhc/fhir/Patient', refreshed.json().access_token)).statusCode).toBe(200);

      expect((await sb.app.inject({ method: 'DELETE', url: '/insurers/_admin/settings' })).statusCode).toBe(204);
      expect((await sb.app.inject({ method: 'GET', url: '/insurers/_admin/settings' })).json()).toEqual({ accessTokenTtlSeconds: 3600 });
    });

    it.each([[0], [-1], [1.5], ['60'], [86_401]])('rejects accessTokenTtlSeconds %p', async (value) => {
      const res = await sb.app.inject({ method: 'POST', url: '/insurers/_admin/settings', payload: { accessTokenTtlSeconds: value } });
      expect(res.statusCode).toBe(400);
    });
  });
});
