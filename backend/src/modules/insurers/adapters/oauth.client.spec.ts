import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InsurerEndpoints } from '../../../config/insurers-config';
import { authorizationUrl, exchangeAuthorizationCode, newAuthorization, refreshTokens, revokeToken } from './oauth.client';
import { SmartDiscovery, type ResolvedEndpoints } from './smart-discovery';

interface Seen {
  method: string;
  path: string;
  authorization: string | undefined;
  form: URLSearchParams;
}

/** A token endpoint that answers what the test sets, and records each request. */
async function tokenServer(answer: (req: Seen) => { status: number; body?: unknown; headers?: Record<string, string> }) {
  const seen: Seen[] = [];
  const server: Server = createServer((req: IncomingMessage, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        form: new URLSearchParams(text),
      };
      seen.push(request);
      const { status, body, headers } = answer(request);
      res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body === undefined ? '' : JSON.stringify(body));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const endpointsAt = (base: string, overrides: Partial<InsurerEndpoints> = {}): InsurerEndpoints => ({
  authorizeUrl: `${base}/o/authorize/`,
  tokenUrl: `${base}/o/token/`,
  fhirBaseUrl: `${base}/fhir`,
  revocationUrl: `${base}/o/revoke_token/`,
  clientId: 'healthlink client',
  clientSecret: 's3cret:+/',
  scopes: 'patient/*.read offline_access',
  redirectUri: 'http://localhost:8080/intermediary/blueButton',
  ...overrides,
});

const resolved = (endpoints: InsurerEndpoints): ResolvedEndpoints => ({
  ...endpoints,
  authMethod: 'client_secret_basic',
  scopesSupported: null,
  discovered: false,
});

const tokens = {
  access_token: 'at-1',
  token_type: 'Bearer',
  expires_in: 3600,
  refresh_token: 'rt-1',
  scope: 'patient/*.read',
  patient: 'p-9',
};

describe('OAuth client (oauth4webapi)', () => {
  it('links when the insurer adds an id_token from an issuer it was never told about', async () => {
    const foreignIdToken = [
      Buffer.from(JSON.stringify({ alg: 'ES256', typ: 'JWT' })).toString('base64url'),
      Buffer.from(JSON.stringify({ iss: 'https://id.insurer.example', aud: 'someone-else', sub: 'x', exp: 1, iat: 1 })).toString(
        'base64url',
      ),
      'c2ln',
    ].join('.');
    const server = await tokenServer(() => ({ status: 200, body: { ...tokens, id_token: foreignIdToken } }));
    try {
      const set = await exchangeAuthorizationCode(endpointsAt(server.base), 'code-1', 'v'.repeat(43));
      expect(set).toMatchObject({ accessToken: 'at-1', refreshToken: 'rt-1', patientId: 'p-9' });
    } finally {
      await server.close();
    }
  });

  it('builds a SMART standalone launch: PKCE S256, a 256-bit state, aud = the FHIR base as configured, on the URL as given', async () => {
    const { state, verifier, challenge } = await newAuthorization();
    expect(state).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43,128}$/);
    const endpoints = resolved(endpointsAt('https://bb.test', { fhirBaseUrl: 'https://bb.test/v2/fhir/' }));
    const scope = 'launch/patient offline_access patient/ExplanationOfBenefit.read';
    const url = new URL(authorizationUrl(endpoints, { state, challenge, scope, subset: 'rockyMountain' }));
    expect(`${url.origin}${url.pathname}`).toBe('https://bb.test/o/authorize/');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      response_type: 'code',
      client_id: 'healthlink client',
      redirect_uri: 'http://localhost:8080/intermediary/blueButton',
      scope,
      state,
      aud: 'https://bb.test/v2/fhir/',
      code_challenge: challenge,
      code_challenge_method: 'S256',
      subset: 'rockyMountain',
    });
  });

  it('uses endpoints discovered from the FHIR base, client_secret_post where that is all the server takes', async () => {
    const server = await tokenServer((req) =>
      req.path === '/fhir/.well-known/smart-configuration'
        ? {
            status: 200,
            body: {
              authorization_endpoint: `${base}/auth/authorize`,
              token_endpoint: `${base}/auth/token`,
              revocation_endpoint: `${base}/auth/revoke`,
              token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt'],
              code_challenge_methods_supported: ['S256'],
            },
          }
        : req.path === '/auth/token'
          ? { status: 200, body: tokens }
          : { status: req.path === '/auth/revoke' ? 200 : 404, body: {} },
    );
    const base = server.base;
    try {
      const discovery = new SmartDiscovery();
      const configured = endpointsAt(base, {
        authorizeUrl: '',
        tokenUrl: '',
        revocationUrl: '',
        discovery: { insurer: 'cigna', revocation: true },
      });
      await expect(exchangeAuthorizationCode(configured, 'code-1', 'v'.repeat(43), discovery)).resolves.toMatchObject({ patientId: 'p-9' });
      await revokeToken(configured, 'rt-1', 'refresh_token', discovery);
      expect(server.seen.map((r) => r.path)).toEqual(['/fhir/.well-known/smart-configuration', '/auth/token', '/auth/revoke']);
      const [, token, revoke] = server.seen;
      expect(token!.authorization).toBeUndefined();
      expect(Object.fromEntries(token!.form)).toMatchObject({ client_id: 'healthlink client', client_secret: 's3cret:+/', code: 'code-1' });
      expect(Object.fromEntries(revoke!.form)).toMatchObject({ client_id: 'healthlink client', client_secret: 's3cret:+/', token: 'rt-1' });
    } finally {
      await server.close();
    }
  });

  it('forgets discovered endpoints when a call on them fails, and reads the configuration again next time', async () => {
    let tokenPath = '/old/token';
    const server = await tokenServer((req) =>
      req.path === '/fhir/.well-known/smart-configuration'
        ? { status: 200, body: { authorization_endpoint: `${server.base}/authorize`, token_endpoint: `${server.base}${tokenPath}` } }
        : req.path === tokenPath
          ? { status: 200, body: tokens }
          : { status: 404, body: {} },
    );
    try {
      const discovery = new SmartDiscovery();
      const configured = endpointsAt(server.base, { authorizeUrl: '', tokenUrl: '', discovery: { insurer: 'cigna', revocation: true } });
      await expect(refreshTokens(configured, 'rt-1', discovery)).resolves.toMatchObject({ accessToken: 'at-1' });
      tokenPath = '/new/token';
      await expect(refreshTokens(configured, 'rt-1', discovery)).rejects.toMatchObject({ name: 'PartnerPermanentError', status: 404 });
      await expect(refreshTokens(configured, 'rt-1', discovery)).resolves.toMatchObject({ accessToken: 'at-1' });
      expect(server.seen.map((r) => r.path)).toEqual([
        '/fhir/.well-known/smart-configuration',
        '/old/token',
        '/old/token',
        '/fhir/.well-known/smart-configuration',
        '/new/token',
      ]);
    } finally {
      await server.close();
    }
  });

  it('exchanges a code at the exact token URL with HTTP Basic and the verifier, and reads patient and scope', async () => {
    const server = await tokenServer(() => ({ status: 200, body: tokens }));
    try {
      await expect(exchangeAuthorizationCode(endpointsAt(server.base), 'code-1', 'v'.repeat(43))).resolves.toEqual({
        accessToken: 'at-1',
        refreshToken: 'rt-1',
        expiresInSeconds: 3600,
        scope: 'patient/*.read',
        patientId: 'p-9',
      });
      const [request] = server.seen;
      expect(request).toMatchObject({ method: 'POST', path: '/o/token/' });
      const [id, secret] = Buffer.from(request!.authorization!.replace(/^Basic /, ''), 'base64')
        .toString()
        .split(':');
      expect([decodeURIComponent(id!.replace(/\+/g, ' ')), decodeURIComponent(secret!.replace(/\+/g, ' '))]).toEqual([
        'healthlink client',
        's3cret:+/',
      ]);
      expect(Object.fromEntries(request!.form)).toMatchObject({
        grant_type: 'authorization_code',
        code: 'code-1',
        code_verifier: 'v'.repeat(43),
        redirect_uri: 'http://localhost:8080/intermediary/blueButton',
      });
      expect(request!.form.has('client_secret')).toBe(false);
    } finally {
      await server.close();
    }
  });

  it('never follows a redirect of the token endpoint: a clear permanent configuration error', async () => {
    const server = await tokenServer((req) =>
      req.path === '/o/token' ? { status: 301, headers: { location: '/o/token/' } } : { status: 200, body: tokens },
    );
    try {
      const failure = exchangeAuthorizationCode(endpointsAt(server.base, { tokenUrl: `${server.base}/o/token` }), 'code-1', 'v'.repeat(43));
      await expect(failure).rejects.toMatchObject({
        name: 'PartnerPermanentError',
        status: 301,
        message: expect.stringContaining('answered 301 (a redirect)'),
      });
      expect(server.seen.map((r) => r.path)).toEqual(['/o/token']);
    } finally {
      await server.close();
    }
  });

  it('tells transient failures (5xx, unreachable) from permanent ones (an OAuth error, a challenge)', async () => {
    let answer: { status: number; body?: unknown; headers?: Record<string, string> } = { status: 503 };
    const server = await tokenServer(() => answer);
    try {
      const endpoints = endpointsAt(server.base);
      await expect(refreshTokens(endpoints, 'rt-1')).rejects.toMatchObject({ name: 'PartnerTransientError', status: 503 });
      answer = { status: 400, body: { error: 'invalid_grant', error_description: 'the refresh token was revoked' } };
      await expect(refreshTokens(endpoints, 'rt-1')).rejects.toMatchObject({
        name: 'PartnerPermanentError',
        status: 400,
        message: 'token endpoint refused: invalid_grant (the refresh token was revoked)',
        oauthError: 'invalid_grant',
      });
      answer = {
        status: 401,
        body: { error: 'invalid_client', error_description: 'Client authentication failed' },
        headers: { 'www-authenticate': 'Basic realm="x"' },
      };
      await expect(refreshTokens(endpoints, 'rt-1')).rejects.toMatchObject({
        name: 'PartnerPermanentError',
        status: 401,
        message: expect.stringContaining('invalid_client'),
        oauthError: 'invalid_client',
      });
      answer = { status: 200, body: { token_type: 'Bearer' } };
      await expect(refreshTokens(endpoints, 'rt-1')).rejects.toMatchObject({
        name: 'PartnerPermanentError',
        message: expect.stringContaining('access_token'),
      });
      expect(server.seen.at(-1)!.form.get('grant_type')).toBe('refresh_token');
    } finally {
      await server.close();
    }
    await expect(refreshTokens(endpointsAt(server.base), 'rt-1')).rejects.toMatchObject({ name: 'PartnerTransientError', status: null });
  });

  it('revokes by RFC 7009 with the token type hint, and a refusal is a failure with its status', async () => {
    let status = 200;
    const server = await tokenServer(() => ({ status, body: status === 200 ? {} : { error: 'invalid_request' } }));
    try {
      await revokeToken(endpointsAt(server.base), 'rt-1', 'refresh_token');
      expect(server.seen[0]).toMatchObject({ path: '/o/revoke_token/' });
      expect(Object.fromEntries(server.seen[0]!.form)).toEqual({ token: 'rt-1', token_type_hint: 'refresh_token' });
      status = 404;
      await expect(revokeToken(endpointsAt(server.base), 'rt-1', 'access_token')).rejects.toMatchObject({
        name: 'PartnerPermanentError',
        status: 404,
      });
    } finally {
      await server.close();
    }
  });
});
