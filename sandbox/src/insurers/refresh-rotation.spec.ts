import { INSURER_KEYS } from './insurer-catalogue';
import { exchange, fhirGet, linkMember, startInsurers, type TestSandbox } from './test-support';

/** Refresh tokens: single use and rotated at every insurer; a replay ends the grant (RFC 9700 §4.14.2). */
describe('insurers partner: refresh token rotation', () => {
  let sb: TestSandbox;
  beforeEach(async () => {
    sb = await startInsurers();
  });
  afterEach(async () => {
    await sb.app.close();
  });

  const refresh = (key: string, refreshToken: string, scope?: string) =>
    exchange(sb.app, key, { grant_type: 'refresh_token', refresh_token: refreshToken, ...(scope ? { scope } : {}) });

  it.each(INSURER_KEYS.map((key) => [key]))('%s rotates: each refresh token works once', async (key) => {
    const linked = await linkMember(sb.app, key, 'member-small');
    const first = await refresh(key, linked.refresh_token);
    expect(first.statusCode).toBe(200);
    const rotated = first.json().refresh_token as string;
    expect(rotated).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(rotated).not.toBe(linked.refresh_token);
    expect(first.json()).toMatchObject({ token_type: 'Bearer', expires_in: 3600, patient: linked.patient, scope: linked.scope });
    const second = await refresh(key, rotated);
    expect(second.statusCode).toBe(200);
    expect(second.json().refresh_token).not.toBe(rotated);
  });

  it('a replayed refresh token is invalid_grant and revokes the whole family, access tokens included', async () => {
    const linked = await linkMember(sb.app, 'kaiser', 'member-small');
    const other = await linkMember(sb.app, 'kaiser', 'member-small');
    const first = (await refresh('kaiser', linked.refresh_token)).json();
    const replay = await refresh('kaiser', linked.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({ error: 'invalid_grant', error_description: expect.stringContaining('already used') });
    expect((await refresh('kaiser', first.refresh_token)).json().error).toBe('invalid_grant');
    for (const token of [linked.access_token, first.access_token]) {
      expect((await fhirGet(sb.app, `/insurers/kaiser/fhir/Patient/${linked.patient}`, token)).statusCode).toBe(401);
    }
    // Another grant of the same member is a family of its own.
    expect((await refresh('kaiser', other.refresh_token)).statusCode).toBe(200);
  });

  it('an error on refresh (a wider scope) does not use the refresh token up', async () => {
    const linked = await linkMember(sb.app, 'anthem', 'member-small', { shares: ['ExplanationOfBenefit', 'Patient'] });
    expect((await refresh('anthem', linked.refresh_token, 'patient/Condition.read')).json().error).toBe('invalid_scope');
    expect((await refresh('anthem', linked.refresh_token)).statusCode).toBe(200);
  });

  it('narrows the access token on refresh; the next refresh without scope is back to the grant', async () => {
    const linked = await linkMember(sb.app, 'centene', 'member-small');
    const narrow = await refresh('centene', linked.refresh_token, 'patient/ExplanationOfBenefit.read');
    expect(narrow.statusCode).toBe(200);
    expect(narrow.json().scope).toBe('patient/ExplanationOfBenefit.read');
    const { access_token, refresh_token } = narrow.json();
    const base = '/insurers/centene/fhir';
    expect((await fhirGet(sb.app, `${base}/ExplanationOfBenefit?patient=${linked.patient}`, access_token)).statusCode).toBe(200);
    expect((await fhirGet(sb.app, `${base}/Coverage?patient=${linked.patient}`, access_token)).statusCode).toBe(403);
    const back = await refresh('centene', refresh_token);
    expect(back.json().scope).toBe(linked.scope);
  });

  it('access tokens expire after expires_in; the rotated refresh token gets a working one', async () => {
    await sb.app.inject({ method: 'POST', url: '/insurers/_admin/settings', payload: { accessTokenTtlSeconds: 60 } });
    const linked = await linkMember(sb.app, 'humana', 'member-small');
    expect(linked.expires_in).toBe(60);
    sb.advance(60_000);
    expect((await fhirGet(sb.app, `/insurers/humana/fhir/Patient/${linked.patient}`, linked.access_token)).statusCode).toBe(401);
    const refreshed = (await refresh('humana', linked.refresh_token)).json();
    expect(refreshed.expires_in).toBe(60);
    expect((await fhirGet(sb.app, `/insurers/humana/fhir/Patient/${linked.patient}`, refreshed.access_token)).statusCode).toBe(200);
  });
});
