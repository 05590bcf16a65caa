import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../server';
import { BLUE_BUTTON_PAGE_SIZE, createInsurersPartner } from './insurers.partner';
import { AUTHORIZE_HEADERS, authorizeParams, basicAuth, consentBody, FORM, HOST, pkcePair, redirectUriFor } from './test-support';

/** Blue Button's FHIR base as the /v2 paths publish it (the real server does not ask for `aud`). */
const BB_AUD = `http://${HOST}/v2/fhir/`;

/** Blue Button 2.0 on its own paths: as strict about trailing slashes and paging as the real server. */
describe('insurers partner: Blue Button paths (/v2/o/..., /v2/fhir/...)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const partner = createInsurersPartner();
    app = await buildSandbox([partner, partner.blueButtonPaths]);
    await app.ready();
  });
  afterAll(() => app.close());

  const tokenPost = (url: string, body: Record<string, string>) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, authorization: basicAuth('blueButton'), host: HOST },
      payload: new URLSearchParams(body).toString(),
    });

  async function approve(challenge: string): Promise<URL> {
    const res = await app.inject({
      method: 'POST',
      url: '/v2/o/authorize/',
      headers: AUTHORIZE_HEADERS,
      payload: consentBody(authorizeParams('blueButton', challenge, { aud: BB_AUD }), {
        member: 'member-large',
        password: 'x',
        decision: 'approve',
      }),
    });
    expect(res.statusCode).toBe(302);
    return new URL(res.headers.location as string);
  }

  async function link(): Promise<{ access_token: string; refresh_token: string; patient: string }> {
    const { verifier, challenge } = pkcePair();
    const code = (await approve(challenge)).searchParams.get('code') as string;
    const res = await tokenPost('/v2/o/token/', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUriFor('blueButton'),
      code_verifier: verifier,
    });
    expect(res.statusCode).toBe(200);
    return res.json();
  }

  it('serves the authorize page only on /v2/o/authorize/ (without the slash: 301 to it, query kept), posting back to it', async () => {
    const query = new URLSearchParams(authorizeParams('blueButton', pkcePair().challenge, { aud: BB_AUD })).toString();
    const page = await app.inject({ method: 'GET', url: `/v2/o/authorize/?${query}`, headers: { host: HOST } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<form method="post" action="/v2/o/authorize/">');
    const bare = await app.inject({ method: 'GET', url: `/v2/o/authorize?${query}`, headers: { host: HOST } });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe(`/v2/o/authorize/?${query}`);
  });

  it('exchanges a code only on /v2/o/token/: the unslashed path answers 301, and a POST that follows it as a GET gets 405', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await approve(challenge)).searchParams.get('code') as string;
    const form = { grant_type: 'authorization_code', code, redirect_uri: redirectUriFor('blueButton'), code_verifier: verifier };
    const bare = await tokenPost('/v2/o/token', form);
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/v2/o/token/');
    expect((await app.inject({ method: 'GET', url: '/v2/o/token/' })).statusCode).toBe(405);
    // The code was not spent by the refused attempts.
    const ok = await tokenPost('/v2/o/token/', form);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ token_type: 'Bearer', refresh_token: expect.any(String) });
  });

  it('insists on the exact redirect_uri and on PKCE', async () => {
    const { verifier, challenge } = pkcePair();
    const code = (await approve(challenge)).searchParams.get('code') as string;
    const wrong = await tokenPost('/v2/o/token/', {
      grant_type: 'authorization_code',
      code,
      redirect_uri: `${redirectUriFor('blueButton')}/`,
      code_verifier: verifier,
    });
    expect(wrong.json().error).toBe('invalid_grant');
    const noPkce = await tokenPost('/v2/o/token/', { grant_type: 'authorization_code', code, redirect_uri: redirectUriFor('blueButton') });
    expect(noPkce.statusCode).toBe(400);
  });

  it('rotates refresh tokens: each is single use', async () => {
    const tokens = await link();
    const first = await tokenPost('/v2/o/token/', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(first.statusCode).toBe(200);
    expect(first.json().refresh_token).not.toBe(tokens.refresh_token);
    const replay = await tokenPost('/v2/o/token/', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(replay.json().error).toBe('invalid_grant');
  });

  it(`pages every search ${BLUE_BUTTON_PAGE_SIZE} at a time whatever _count asks, with absolute next links under /v2/fhir/`, async () => {
    const { access_token, patient } = await link();
    const seen: string[] = [];
    let url: string | null = `/v2/fhir/ExplanationOfBenefit?patient=${patient}&_count=50`;
    let total = 0;
    for (let pages = 0; url; pages++) {
      expect(pages).toBeLessThan(1000);
      const target: URL = new URL(url, `http://${HOST}`);
      const res = await app.inject({
        method: 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { host: HOST, authorization: `Bearer ${access_token}` },
      });
      expect(res.statusCode).toBe(200);
      const bundle = res.json();
      total = bundle.total;
      expect(bundle.entry.length).toBeLessThanOrEqual(BLUE_BUTTON_PAGE_SIZE);
      seen.push(...bundle.entry.map((e: { resource: { id: string } }) => e.resource.id));
      const next: string | undefined = bundle.link.find((l: { relation: string }) => l.relation === 'next')?.url;
      if (next) expect(next).toMatch(new RegExp(`^http://${HOST}/v2/fhir/ExplanationOfBenefit\\?`));
      url = next ?? null;
    }
    expect(total).toBeGreaterThan(BLUE_BUTTON_PAGE_SIZE);
    expect(new Set(seen).size).toBe(total);
  });

  it('serves FHIR with or without a slash after the type, and not at a doubled slash', async () => {
    const { access_token, patient } = await link();
    const get = (url: string) => app.inject({ method: 'GET', url, headers: { host: HOST, authorization: `Bearer ${access_token}` } });
    expect((await get(`/v2/fhir/ExplanationOfBenefit/?patient=${patient}`)).statusCode).toBe(200);
    expect((await get(`/v2/fhir/Patient/${patient}`)).json().id).toBe(patient);
    expect((await get(`/v2/fhir//ExplanationOfBenefit?patient=${patient}`)).statusCode).toBe(404);
  });

  it('revokes at /v2/o/revoke_token/ (RFC 7009): afterwards neither token works; unknown tokens get 200 too', async () => {
    const tokens = await link();
    const revoke = (token: string, hint: string) => tokenPost('/v2/o/revoke_token/', { token, token_type_hint: hint });
    expect((await revoke(tokens.refresh_token, 'refresh_token')).statusCode).toBe(200);
    expect((await revoke(tokens.access_token, 'access_token')).statusCode).toBe(200);
    expect((await revoke('never-issued', 'access_token')).statusCode).toBe(200);
    const fhir = await app.inject({
      method: 'GET',
      url: `/v2/fhir/Patient/${tokens.patient}`,
      headers: { host: HOST, authorization: `Bearer ${tokens.access_token}` },
    });
    expect(fhir.statusCode).toBe(401);
    const refresh = await tokenPost('/v2/o/token/', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token });
    expect(refresh.json().error).toBe('invalid_grant');
  });
});

describe('insurers partner: token revocation (RFC 7009) at /insurers/{key}/revoke', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildSandbox([createInsurersPartner()]);
    await app.ready();
  });
  afterAll(() => app.close());

  const post = (url: string, body: Record<string, string>, authorization: string | null = basicAuth('aetna')) =>
    app.inject({
      method: 'POST',
      url,
      headers: { ...FORM, host: HOST, ...(authorization ? { authorization } : {}) },
      payload: new URLSearchParams(body).toString(),
    });

  async function link(key: string) {
    const { verifier, challenge } = pkcePair();
    const approved = await app.inject({
      method: 'POST',
      url: `/insurers/${key}/authorize`,
      headers: AUTHORIZE_HEADERS,
      payload: consentBody(authorizeParams(key, challenge), { member: 'member-small', password: 'x', decision: 'approve' }),
    });
    const code = new URL(approved.headers.location as string).searchParams.get('code') as string;
    const res = await post(
      `/insurers/${key}/token`,
      { grant_type: 'authorization_code', code, redirect_uri: redirectUriFor(key), code_verifier: verifier },
      basicAuth(key),
    );
    return res.json() as { access_token: string; refresh_token: string; patient: string };
  }

  it('revoking the refresh token ends the grant: the access token stops working too', async () => {
    const tokens = await link('aetna');
    expect((await post('/insurers/aetna/revoke', { token: tokens.refresh_token, token_type_hint: 'refresh_token' })).statusCode).toBe(200);
    const fhir = await app.inject({
      method: 'GET',
      url: `/insurers/aetna/fhir/Patient/${tokens.patient}`,
      headers: { host: HOST, authorization: `Bearer ${tokens.access_token}` },
    });
    expect(fhir.statusCode).toBe(401);
    expect((await post('/insurers/aetna/token', { grant_type: 'refresh_token', refresh_token: tokens.refresh_token })).json().error).toBe(
      'invalid_grant',
    );
  });

  it("needs client authentication, and leaves another client's token alone", async () => {
    const tokens = await link('aetna');
    expect((await post('/insurers/aetna/revoke', { token: tokens.access_token }, null)).statusCode).toBe(401);
    expect((await post('/insurers/aetna/revoke', { token: tokens.access_token }, basicAuth('aetna', 'wrong'))).statusCode).toBe(401);
    // Cigna's client revoking Aetna's token at Cigna: 200, and nothing happens to it.
    expect((await post('/insurers/cigna/revoke', { token: tokens.access_token }, basicAuth('cigna'))).statusCode).toBe(200);
    const fhir = await app.inject({
      method: 'GET',
      url: `/insurers/aetna/fhir/Patient/${tokens.patient}`,
      headers: { host: HOST, authorization: `Bearer ${tokens.access_token}` },
    });
    expect(fhir.statusCode).toBe(200);
  });

  it('refuses a missing token or an unknown token_type_hint', async () => {
    expect((await post('/insurers/aetna/revoke', {})).json().error).toBe('invalid_request');
    expect((await post('/insurers/aetna/revoke', { token: 'x', token_type_hint: 'id_token' })).json().error).toBe('unsupported_token_type');
  });
});
