import { Logger } from '@nestjs/common';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { InsurerEndpoints } from '../../../config/insurers-config';
import { DiscoveryRefusedError, DiscoveryUnavailableError, SmartDiscovery } from './smart-discovery';

type Answer = { status: number; body?: unknown; headers?: Record<string, string> };

/** A FHIR server that answers what the test sets per path, and records the paths asked for. */
async function fhirServer(routes: Record<string, Answer | ((base: string) => Answer)>) {
  const seen: string[] = [];
  let base = '';
  const server: Server = createServer((req, res) => {
    seen.push(req.url ?? '');
    const route = routes[req.url ?? ''];
    const answer = typeof route === 'function' ? route(base) : (route ?? { status: 404, body: { error: 'not found' } });
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { base, seen, routes, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const smartConfiguration = (base: string, extra: Record<string, unknown> = {}) => ({
  issuer: `${base}/fhir`,
  authorization_endpoint: `${base}/oauth/authorize`,
  token_endpoint: `${base}/oauth/token`,
  revocation_endpoint: `${base}/oauth/revoke`,
  token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post'],
  code_challenge_methods_supported: ['S256'],
  scopes_supported: ['openid', 'fhirUser', 'launch/patient', 'offline_access', 'patient/*.rs'],
  ...extra,
});

const capabilityStatement = (base: string) => ({
  resourceType: 'CapabilityStatement',
  rest: [
    {
      mode: 'server',
      security: {
        extension: [
          {
            url: 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris',
            extension: [
              { url: 'authorize', valueUri: `${base}/meta/authorize` },
              { url: 'token', valueUri: `${base}/meta/token` },
              { url: 'revoke', valueUri: `${base}/meta/revoke` },
            ],
          },
        ],
      },
    },
  ],
});

/** An insurer configured with its FHIR base, client id and secret only: the rest is discovered. */
const configured = (fhirBaseUrl: string, overrides: Partial<InsurerEndpoints> = {}): InsurerEndpoints => ({
  authorizeUrl: '',
  tokenUrl: '',
  fhirBaseUrl,
  revocationUrl: '',
  clientId: 'client',
  clientSecret: 'secret',
  scopes: '',
  redirectUri: 'http://localhost:8080/intermediary/cigna',
  discovery: { insurer: 'cigna', revocation: true },
  ...overrides,
});

const WELL_KNOWN = '/fhir/.well-known/smart-configuration';

describe('SMART discovery', () => {
  let warn: jest.SpyInstance;
  beforeEach(() => {
    warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    jest.spyOn(Logger.prototype, 'log').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it.each([
    ['without', '/fhir'],
    ['with', '/fhir/'],
  ])('reads .well-known/smart-configuration under a base %s its trailing slash', async (_with, path) => {
    const server = await fhirServer({ [WELL_KNOWN]: (base) => ({ status: 200, body: smartConfiguration(base) }) });
    try {
      const endpoints = await new SmartDiscovery().resolve(configured(`${server.base}${path}`));
      expect(endpoints).toMatchObject({
        authorizeUrl: `${server.base}/oauth/authorize`,
        tokenUrl: `${server.base}/oauth/token`,
        revocationUrl: `${server.base}/oauth/revoke`,
        fhirBaseUrl: `${server.base}${path}`,
        authMethod: 'client_secret_basic',
        scopesSupported: ['openid', 'fhirUser', 'launch/patient', 'offline_access', 'patient/*.rs'],
        discovered: true,
      });
      expect(server.seen).toEqual([WELL_KNOWN]);
    } finally {
      await server.close();
    }
  });

  it('keeps what it read for its TTL, shares one read between concurrent callers, and reads again after invalidate', async () => {
    const server = await fhirServer({ [WELL_KNOWN]: (base) => ({ status: 200, body: smartConfiguration(base) }) });
    let now = 1_000_000;
    try {
      const discovery = new SmartDiscovery({ ttlMs: 60_000, now: () => now });
      const endpoints = configured(`${server.base}/fhir`);
      await Promise.all([discovery.resolve(endpoints), discovery.resolve(endpoints), discovery.resolve(endpoints)]);
      expect(server.seen).toHaveLength(1);
      now += 59_000;
      await discovery.resolve(endpoints);
      expect(server.seen).toHaveLength(1);
      now += 2_000;
      await discovery.resolve(endpoints);
      expect(server.seen).toHaveLength(2);
      discovery.invalidate(`${server.base}/fhir`);
      await discovery.resolve(endpoints);
      expect(server.seen).toHaveLength(3);
    } finally {
      await server.close();
    }
  });

  it("falls back to the CapabilityStatement's oauth-uris at /metadata", async () => {
    const server = await fhirServer({ '/fhir/metadata': (base) => ({ status: 200, body: capabilityStatement(base) }) });
    try {
      const endpoints = await new SmartDiscovery().resolve(configured(`${server.base}/fhir`));
      expect(endpoints).toMatchObject({
        authorizeUrl: `${server.base}/meta/authorize`,
        tokenUrl: `${server.base}/meta/token`,
        revocationUrl: `${server.base}/meta/revoke`,
        authMethod: 'client_secret_basic',
        scopesSupported: null,
      });
      expect(server.seen).toEqual([WELL_KNOWN, '/fhir/metadata']);
    } finally {
      await server.close();
    }
  });

  it('fails clearly when neither document helps: an error naming the server, a warning naming insurer, URL and failure', async () => {
    const server = await fhirServer({ '/fhir/metadata': { status: 200, body: { resourceType: 'CapabilityStatement', rest: [] } } });
    try {
      const discovery = new SmartDiscovery();
      const failure = discovery.resolve(configured(`${server.base}/fhir`));
      await expect(failure).rejects.toBeInstanceOf(DiscoveryUnavailableError);
      await expect(failure).rejects.toMatchObject({ status: 404, host: new URL(server.base).host, fhirBaseUrl: `${server.base}/fhir` });
      const [context, message] = warn.mock.calls[0] as [Record<string, unknown>, string];
      expect(context).toMatchObject({ insurer: 'cigna', step: 'DISCOVERY', url: `${server.base}${WELL_KNOWN}`, status: 404 });
      expect(message).toContain('Cigna Healthcare');
      expect(message).toContain(`${server.base}/fhir`);
      expect(message).toContain('answered 404');
      expect(message).toContain('has no oauth-uris extension');
      // A failure is not kept: the next member's click reads the server again.
      await expect(discovery.resolve(configured(`${server.base}/fhir`))).rejects.toBeInstanceOf(DiscoveryUnavailableError);
      expect(server.seen.filter((p) => p === WELL_KNOWN)).toHaveLength(2);
    } finally {
      await server.close();
    }
  });

  it('fails when the server cannot be reached at all', async () => {
    const server = await fhirServer({});
    const base = server.base;
    await server.close();
    await expect(new SmartDiscovery({ timeoutMs: 2_000 }).resolve(configured(`${base}/fhir`))).rejects.toMatchObject({
      name: 'PartnerTransientError',
      status: null,
      message: expect.stringContaining('unreachable'),
    });
  });

  it('lets every configured URL win, and `none` keep revocation off', async () => {
    const server = await fhirServer({ [WELL_KNOWN]: (base) => ({ status: 200, body: smartConfiguration(base) }) });
    try {
      const endpoints = await new SmartDiscovery().resolve(
        configured(`${server.base}/fhir`, {
          authorizeUrl: 'https://login.insurer.example/authorize',
          discovery: { insurer: 'cigna', revocation: false },
        }),
      );
      expect(endpoints).toMatchObject({
        authorizeUrl: 'https://login.insurer.example/authorize',
        tokenUrl: `${server.base}/oauth/token`,
        revocationUrl: '',
      });
    } finally {
      await server.close();
    }
  });

  it('is not asked at all for an insurer whose endpoints are configured', async () => {
    const server = await fhirServer({});
    try {
      const endpoints = await new SmartDiscovery().resolve(
        configured(`${server.base}/fhir`, {
          authorizeUrl: `${server.base}/a`,
          tokenUrl: `${server.base}/t`,
          discovery: undefined,
        }),
      );
      expect(endpoints).toMatchObject({ authorizeUrl: `${server.base}/a`, authMethod: 'client_secret_basic', discovered: false });
      expect(server.seen).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it.each([
    [['client_secret_post'], 'client_secret_post'],
    [['client_secret_basic'], 'client_secret_basic'],
    [undefined, 'client_secret_basic'],
  ])('authenticates the client as the server offers (%j -> %s)', async (methods, expected) => {
    const body = (base: string) => smartConfiguration(base, { token_endpoint_auth_methods_supported: methods });
    const server = await fhirServer({ [WELL_KNOWN]: (base) => ({ status: 200, body: body(base) }) });
    try {
      expect((await new SmartDiscovery().resolve(configured(`${server.base}/fhir`))).authMethod).toBe(expected);
    } finally {
      await server.close();
    }
  });

  it.each([
    [{ code_challenge_methods_supported: ['plain'] }, 'does not offer PKCE S256'],
    [{ token_endpoint_auth_methods_supported: ['private_key_jwt'] }, 'offers neither client_secret_basic nor client_secret_post'],
  ])('refuses a server it cannot use safely (%j), without falling back to /metadata', async (extra, reason) => {
    const server = await fhirServer({
      [WELL_KNOWN]: (base) => ({ status: 200, body: smartConfiguration(base, extra) }),
      '/fhir/metadata': (base) => ({ status: 200, body: capabilityStatement(base) }),
    });
    try {
      const failure = new SmartDiscovery().resolve(configured(`${server.base}/fhir`));
      await expect(failure).rejects.toBeInstanceOf(DiscoveryRefusedError);
      await expect(failure).rejects.toMatchObject({ message: expect.stringContaining(reason) });
      expect(server.seen).toEqual([WELL_KNOWN]);
    } finally {
      await server.close();
    }
  });

  it('follows a redirect on the same origin, never one to another origin', async () => {
    const elsewhere = await fhirServer({ [WELL_KNOWN]: (base) => ({ status: 200, body: smartConfiguration(base) }) });
    const server = await fhirServer({
      [WELL_KNOWN]: { status: 302, headers: { location: '/moved/smart-configuration' } },
      '/moved/smart-configuration': (base) => ({ status: 200, body: smartConfiguration(base) }),
      '/other/.well-known/smart-configuration': { status: 302, headers: { location: `${elsewhere.base}${WELL_KNOWN}` } },
    });
    try {
      const moved = await new SmartDiscovery().resolve(configured(`${server.base}/fhir`));
      expect(moved.tokenUrl).toBe(`${server.base}/oauth/token`);
      const failure = new SmartDiscovery().resolve(configured(`${server.base}/other`));
      await expect(failure).rejects.toMatchObject({ message: expect.stringContaining('redirects to another origin') });
      expect(elsewhere.seen).toEqual([]);
    } finally {
      await Promise.all([server.close(), elsewhere.close()]);
    }
  });

  it('ignores endpoints that are not absolute URLs, and a document that is not JSON', async () => {
    const server = await fhirServer({
      [WELL_KNOWN]: { status: 200, body: { authorization_endpoint: '/relative', token_endpoint: 'javascript:alert(1)' } },
      '/bad/.well-known/smart-configuration': { status: 200, headers: { 'content-type': 'text/html' }, body: undefined },
    });
    try {
      await expect(new SmartDiscovery().resolve(configured(`${server.base}/fhir`))).rejects.toMatchObject({
        message: expect.stringContaining('names no usable authorization_endpoint and token_endpoint'),
      });
      await expect(new SmartDiscovery().resolve(configured(`${server.base}/bad`))).rejects.toMatchObject({
        message: expect.stringContaining('not JSON'),
      });
    } finally {
      await server.close();
    }
  });

  describe('advertised scopes, a hint for insurers whose endpoints are configured', () => {
    it('are the scopes the server lists', async () => {
      const server = await fhirServer({ [WELL_KNOWN]: (base) => ({ status: 200, body: smartConfiguration(base) }) });
      try {
        await expect(new SmartDiscovery().advertisedScopes(`${server.base}/fhir`, 'humana')).resolves.toContain('patient/*.rs');
      } finally {
        await server.close();
      }
    });

    it('are null when the server cannot say, which is no warning, and it is left alone for a while', async () => {
      const server = await fhirServer({});
      let now = 0;
      try {
        const discovery = new SmartDiscovery({ retryHintAfterMs: 60_000, now: () => now });
        await expect(discovery.advertisedScopes(`${server.base}/fhir`, 'blueButton')).resolves.toBeNull();
        await expect(discovery.advertisedScopes(`${server.base}/fhir`, 'blueButton')).resolves.toBeNull();
        expect(server.seen).toEqual([WELL_KNOWN, '/fhir/metadata']);
        now += 61_000;
        await discovery.advertisedScopes(`${server.base}/fhir`, 'blueButton');
        expect(server.seen).toHaveLength(4);
        expect(warn).not.toHaveBeenCalled();
      } finally {
        await server.close();
      }
    });
  });
});
