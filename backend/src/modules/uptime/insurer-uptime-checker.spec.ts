import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  checkInsurer,
  discoveredEndpointRefusal,
  InternalAddressError,
  publicOnlyLookup,
  reachPublicOnly,
  type UptimeTarget,
} from './insurer-uptime-checker';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const CAPABILITY = { resourceType: 'CapabilityStatement', status: 'active', fhirVersion: '4.0.1', kind: 'instance' };

/** A real HTTP server on a free port: the checker's fetch, redirects, timeouts and errors as they happen. */
async function serve(routes: Record<string, Handler>): Promise<{ url: string; seen: IncomingMessage[]; close: () => Promise<void> }> {
  const seen: IncomingMessage[] = [];
  const server: Server = createServer((req, res) => {
    seen.push(req);
    const handler = routes[req.url ?? ''];
    if (handler) return handler(req, res);
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"resourceType":"OperationOutcome"}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const json =
  (body: unknown, status = 200, headers: Record<string, string> = {}): Handler =>
  (_req, res) =>
    res.writeHead(status, { 'content-type': 'application/fhir+json', ...headers }).end(JSON.stringify(body));
const reachable: Handler = (_req, res) => res.writeHead(405, { allow: 'POST' }).end('{"error":"invalid_request"}');

/** A port nothing listens on (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const target = (over: Partial<UptimeTarget>): UptimeTarget => ({
  id: 'uhc',
  name: 'UnitedHealthcare',
  fhirBaseUrl: null,
  tokenUrl: null,
  ...over,
});

describe('checkInsurer', () => {
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('passes on a CapabilityStatement and a reachable token endpoint, sending no credentials', async () => {
    server = await serve({ '/fhir/metadata': json(CAPABILITY), '/token': reachable });
    const checked = await checkInsurer(target({ fhirBaseUrl: `${server.url}/fhir`, tokenUrl: `${server.url}/token` }), { timeoutMs: 5000 });
    expect(checked.id).toBe('uhc');
    expect(checked.result).toEqual({
      insurer: 'UnitedHealthcare',
      // 127.0.0.1 is private: the answer names no internal host.
      endpoint: '(internal host)/fhir',
      status: 'PASS',
      responseTime: expect.any(Number),
      message: 'CapabilityStatement (FHIR 4.0.1), token endpoint reachable',
    });
    expect(checked.result.responseTime).toBeGreaterThanOrEqual(0);
    const metadata = server.seen.find((req) => req.url === '/fhir/metadata');
    expect(metadata?.headers.accept).toBe('application/fhir+json');
    expect(server.seen.every((req) => req.headers.authorization === undefined)).toBe(true);
    expect(server.seen.map((req) => req.method)).toEqual(['GET', 'GET']);
  });

  it('is UNTESTABLE, without any request, when no endpoint is configured', async () => {
    const checked = await checkInsurer(target({ id: 'molina', name: 'Molina Healthcare' }), { timeoutMs: 5000 });
    expect(checked.result).toEqual({
      insurer: 'Molina Healthcare',
      endpoint: '',
      status: 'UNTESTABLE',
      responseTime: null,
      message: 'No endpoint configured',
    });
  });

  it('fails with the HTTP status only, never the partner body', async () => {
    server = await serve({
      '/fhir/metadata': json({ resourceType: 'OperationOutcome', issue: [{ diagnostics: 'db-7.internal.example:5432 down' }] }, 503),
      '/token': reachable,
    });
    const { result } = await checkInsurer(target({ fhirBaseUrl: `${server.url}/fhir`, tokenUrl: `${server.url}/token` }), {
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({ status: 'FAIL', message: 'HTTP 503' });
    expect(JSON.stringify(result)).not.toContain('db-7');
  });

  it.each([
    ['another resource', { resourceType: 'Bundle', entry: [] }, 'not a CapabilityStatement (Bundle)'],
    ['a resource type that is not a word', { resourceType: '<script>' }, 'not a CapabilityStatement'],
    ['JSON without a resource', [1, 2], 'not a CapabilityStatement'],
  ])('fails on %s', async (_, body, message) => {
    server = await serve({ '/fhir/metadata': json(body), '/token': reachable });
    const { result } = await checkInsurer(target({ fhirBaseUrl: `${server.url}/fhir`, tokenUrl: `${server.url}/token` }), {
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({ status: 'FAIL', message });
  });

  it('fails on an answer that is not JSON, or too large', async () => {
    server = await serve({
      '/a/metadata': (_req, res) => res.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance at 10.0.0.7</html>'),
      '/b/metadata': (_req, res) => res.writeHead(200).end(JSON.stringify({ ...CAPABILITY, pad: 'x'.repeat(2 * 1024 * 1024) })),
      '/token': reachable,
    });
    const notJson = await checkInsurer(target({ fhirBaseUrl: `${server.url}/a`, tokenUrl: `${server.url}/token` }), { timeoutMs: 5000 });
    expect(notJson.result).toMatchObject({ status: 'FAIL', message: 'the answer is not JSON' });
    const large = await checkInsurer(target({ fhirBaseUrl: `${server.url}/b`, tokenUrl: `${server.url}/token` }), {
      timeoutMs: 5000,
      maxBodyBytes: 1024 * 1024,
    });
    expect(large.result).toMatchObject({ status: 'FAIL', message: 'the answer is larger than 1 MB' });
  });

  it('times out after the deadline, with the time it waited', async () => {
    server = await serve({ '/fhir/metadata': () => undefined, '/token': reachable });
    const { result } = await checkInsurer(target({ fhirBaseUrl: `${server.url}/fhir`, tokenUrl: `${server.url}/token` }), {
      timeoutMs: 300,
    });
    expect(result).toMatchObject({ status: 'TIMEOUT', message: 'timed out after 300 ms' });
    expect(result.responseTime).toBeGreaterThanOrEqual(250);
  });

  it('is UNREACHABLE on a refused connection, without naming the address', async () => {
    const port = await closedPort();
    const { result } = await checkInsurer(
      target({ fhirBaseUrl: `http://127.0.0.1:${port}/fhir`, tokenUrl: `http://127.0.0.1:${port}/token` }),
      {
        timeoutMs: 5000,
      },
    );
    expect(result).toMatchObject({ status: 'UNREACHABLE', message: 'connection refused' });
    expect(JSON.stringify(result)).not.toContain(String(port));
  });

  it('reports a token endpoint that refuses connections, though the FHIR server answers', async () => {
    server = await serve({ '/fhir/metadata': json(CAPABILITY) });
    const port = await closedPort();
    const { result } = await checkInsurer(target({ fhirBaseUrl: `${server.url}/fhir`, tokenUrl: `http://127.0.0.1:${port}/token` }), {
      timeoutMs: 5000,
    });
    expect(result).toMatchObject({ status: 'UNREACHABLE', message: 'token endpoint: connection refused' });
  });

  it('reads {base}metadata from a base ending in / (never //metadata)', async () => {
    server = await serve({ '/v2/fhir/metadata': json(CAPABILITY), '/v2/o/token/': reachable });
    const { result } = await checkInsurer(target({ fhirBaseUrl: `${server.url}/v2/fhir/`, tokenUrl: `${server.url}/v2/o/token/` }), {
      timeoutMs: 5000,
    });
    expect(result.status).toBe('PASS');
    expect(server.seen.map((req) => req.url)).toContain('/v2/fhir/metadata');
    expect(server.seen.map((req) => req.url)).not.toContain('/v2/fhir//metadata');
  });

  it('follows a redirect on the same host and says so; refuses one to another host', async () => {
    server = await serve({
      '/old/metadata': (_req, res) => res.writeHead(301, { location: '/new/metadata' }).end(),
      '/new/metadata': json(CAPABILITY),
      '/away/metadata': (_req, res) => res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end(),
      '/loop/metadata': (_req, res) => res.writeHead(302, { location: '/loop/metadata' }).end(),
      '/token': reachable,
    });
    const base = (path: string) => target({ fhirBaseUrl: `${server!.url}${path}`, tokenUrl: `${server!.url}/token` });
    const moved = await checkInsurer(base('/old'), { timeoutMs: 5000 });
    expect(moved.result).toMatchObject({
      status: 'PASS',
      message: 'CapabilityStatement (FHIR 4.0.1), token endpoint reachable, after 1 redirect',
    });
    const away = await checkInsurer(base('/away'), { timeoutMs: 5000 });
    expect(away.result).toMatchObject({ status: 'FAIL', message: 'HTTP 302 to another host, not followed' });
    const loop = await checkInsurer(base('/loop'), { timeoutMs: 5000 });
    expect(loop.result).toMatchObject({ status: 'FAIL', message: 'more than 3 redirects' });
    expect(server.seen.filter((req) => req.url === '/loop/metadata')).toHaveLength(4);
  });

  it('finds the token endpoint by SMART discovery when none is configured, and fails when discovery does', async () => {
    server = await serve({
      '/ok/fhir/metadata': json(CAPABILITY),
      '/ok/fhir/.well-known/smart-configuration': (req, res) =>
        json({ token_endpoint: `http://${req.headers.host}/ok/token`, authorization_endpoint: 'x' })(req, res),
      '/ok/token': reachable,
      '/none/fhir/metadata': json(CAPABILITY),
    });
    const found = await checkInsurer(target({ fhirBaseUrl: `${server.url}/ok/fhir`, tokenUrl: '' }), { timeoutMs: 5000 });
    expect(found.result).toMatchObject({ status: 'PASS', message: 'CapabilityStatement (FHIR 4.0.1), token endpoint reachable' });
    expect(server.seen.map((req) => req.url)).toContain('/ok/token');
    const missing = await checkInsurer(target({ fhirBaseUrl: `${server.url}/none/fhir`, tokenUrl: '' }), { timeoutMs: 5000 });
    expect(missing.result).toMatchObject({ status: 'FAIL', message: 'token endpoint: SMART configuration: HTTP 404' });
  });

  it.each([
    ['http://169.254.169.254/latest/meta-data/iam/security-credentials/', 'another domain'],
    ['https://169.254.169.254/', 'another domain'],
    ['http://10.0.0.7:5432/', 'another domain'],
  ])('never fetches a token endpoint a SMART configuration names off the FHIR host: %s', async (named, reason) => {
    server = await serve({
      '/fhir/metadata': json(CAPABILITY),
      '/fhir/.well-known/smart-configuration': json({ token_endpoint: named, authorization_endpoint: 'x' }),
    });
    const fetched: string[] = [];
    const realFetch = globalThis.fetch;
    const spy = jest.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
      fetched.push(String(input));
      return realFetch(input, init);
    });
    try {
      const { result } = await checkInsurer(target({ fhirBaseUrl: `${server.url}/fhir`, tokenUrl: '' }), { timeoutMs: 5000 });
      // The metadata decides the status; the answer says nothing of whether that host or port answers.
      expect(result).toMatchObject({
        status: 'PASS',
        message: `CapabilityStatement (FHIR 4.0.1), token endpoint not checkable (${reason})`,
      });
      expect(JSON.stringify(result)).not.toContain(new URL(named).hostname);
    } finally {
      spy.mockRestore();
    }
    expect(fetched.map((url) => new URL(url).hostname)).toEqual(['127.0.0.1', '127.0.0.1']);
  });

  it('shows a public FHIR base as configured, without user info or query', async () => {
    // Not fetched: the host does not resolve here, which the check reports without naming it.
    const { result } = await checkInsurer(
      target({ fhirBaseUrl: 'https://user:secret@fhir.payer-that-does-not-exist.com/r4/?key=abc', tokenUrl: null }),
      { timeoutMs: 2000 },
    );
    expect(result.endpoint).toBe('https://fhir.payer-that-does-not-exist.com/r4/');
    expect(['UNREACHABLE', 'TIMEOUT']).toContain(result.status);
    expect(JSON.stringify(result)).not.toMatch(/secret|key=abc/);
  });
});

describe('discoveredEndpointRefusal', () => {
  const PUBLIC_ADDRESS = '93.184.215.14';
  const names: Record<string, string[]> = {
    'fhir.payer.com': [PUBLIC_ADDRESS],
    'auth.payer.com': [PUBLIC_ADDRESS, '2606:2800:21f:cb07:6820:80da:af6b:8b2c'],
    'intranet-auth.payer.com': ['10.0.0.5'],
    'meta.payer.com': [PUBLIC_ADDRESS, '169.254.169.254'],
    'mapped.payer.com': ['::ffff:a9fe:a9fe'],
    'ula.payer.com': ['fd00::5'],
  };
  const resolve = async (host: string) => {
    const found = names[host];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return found;
  };
  const refusal = (endpoint: string, base: string, resolver = resolve) =>
    discoveredEndpointRefusal(new URL(endpoint), new URL(base), AbortSignal.timeout(5000), resolver);

  it.each([
    ['https://fhir.payer.com/oauth2/token', null],
    ['https://auth.payer.com:8443/token', null],
    // Not resolvable: left to the fetch, which says "host not found".
    ['https://login.payer.com/token', null],
    ['http://fhir.payer.com/oauth2/token', 'not https'],
    ['http://169.254.169.254/latest/meta-data/', 'not https'],
    ['https://169.254.169.254/latest/meta-data/', 'another domain'],
    ['https://[fd00::1]/token', 'another domain'],
    ['https://auth.other-payer.com/token', 'another domain'],
    ['https://payer.com.evil.net/token', 'another domain'],
    ['https://client:secret@auth.payer.com/token', 'user info in the URL'],
    ['https://intranet-auth.payer.com/token', 'internal host'],
    ['https://meta.payer.com/token', 'internal host'],
    ['https://mapped.payer.com/token', 'internal host'],
    ['https://ula.payer.com/token', 'internal host'],
  ])('from a public FHIR base, %s: %s', async (endpoint, expected) => {
    expect(await refusal(endpoint, 'https://fhir.payer.com/r4')).toBe(expected);
  });

  it('does not take a shared hosting suffix for one domain', async () => {
    expect(await refusal('https://attacker.herokuapp.com/token', 'https://payer.herokuapp.com/fhir')).toBe('another domain');
  });

  it.each([
    ['http://127.0.0.1:4100/insurers/uhc/token', 'http://127.0.0.1:4100/insurers/uhc/fhir', null],
    ['https://127.0.0.1:4100/insurers/uhc/token', 'http://127.0.0.1:4100/insurers/uhc/fhir', null],
    ['http://169.254.169.254/', 'http://127.0.0.1:4100/insurers/uhc/fhir', 'another domain'],
    ['http://localhost:4100/token', 'http://127.0.0.1:4100/insurers/uhc/fhir', 'another domain'],
    ['http://sandbox:4100/token', 'http://sandbox:4100/insurers/uhc/fhir', null],
    ['http://auth.payer.internal/token', 'https://fhir.payer.internal/r4', 'not https'],
    ['https://auth.payer.internal/token', 'https://fhir.payer.internal/r4', null],
  ])('from an internal FHIR base (the sandbox), %s: %s', async (endpoint, base, expected) => {
    const resolver = jest.fn(resolve);
    expect(await refusal(endpoint, base, resolver)).toBe(expected);
    // The base is ours: its own network is no secret to it, and nothing is looked up.
    expect(resolver).not.toHaveBeenCalled();
  });
});

describe('reachPublicOnly (a discovered token endpoint of a public FHIR base)', () => {
  let server: Awaited<ReturnType<typeof serve>> | undefined;
  afterEach(async () => {
    await server?.close();
    server = undefined;
  });

  it('never connects when the name resolves to our network at connect time (DNS rebinding)', async () => {
    server = await serve({ '/token': reachable });
    const port = new URL(server.url).port;
    // Checked as public a moment ago; by the time of the connection the same name answers 127.0.0.1.
    const rebound = async () => ['127.0.0.1'];
    await expect(
      reachPublicOnly(new URL(`http://auth.payer.com:${port}/token`), AbortSignal.timeout(5000), rebound),
    ).rejects.toBeInstanceOf(InternalAddressError);
    const mixed = async () => ['93.184.215.14', '10.0.0.5'];
    await expect(reachPublicOnly(new URL(`http://auth.payer.com:${port}/token`), AbortSignal.timeout(5000), mixed)).rejects.toBeInstanceOf(
      InternalAddressError,
    );
    expect(server.seen).toHaveLength(0);
  });

  it('reports a name that does not resolve as fetch does (its code as the cause)', async () => {
    const unknown = async (host: string) => {
      throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    };
    await expect(reachPublicOnly(new URL('https://login.payer.com/token'), AbortSignal.timeout(5000), unknown)).rejects.toMatchObject({
      cause: { code: 'ENOTFOUND' },
    });
  });
});

describe('publicOnlyLookup', () => {
  const lookupOf = (addresses: string[], options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; address: unknown; family?: number }>((resolve) =>
      publicOnlyLookup(async () => addresses)('auth.payer.com', options as never, (error, address, family) =>
        resolve({ error, address, family }),
      ),
    );

  it('answers the public addresses it checked, in the shape the socket asked for', async () => {
    expect(await lookupOf(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], { all: true })).toMatchObject({
      error: null,
      address: [
        { address: '93.184.215.14', family: 4 },
        { address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c', family: 6 },
      ],
    });
    expect(await lookupOf(['93.184.215.14'], {})).toMatchObject({ error: null, address: '93.184.215.14', family: 4 });
    expect(await lookupOf(['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c'], { family: 6 })).toMatchObject({
      address: '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
      family: 6,
    });
  });

  it.each([[['169.254.169.254']], [['93.184.215.14', '::ffff:a9fe:a9fe']], [['fd00::5']]])('refuses %p', async (addresses) => {
    expect((await lookupOf(addresses, { all: true })).error).toBeInstanceOf(InternalAddressError);
  });
});
