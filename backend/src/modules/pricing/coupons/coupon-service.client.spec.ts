import type { ConfigService } from '@nestjs/config';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppConfig } from '../../../config';
import {
  couponServiceUrl,
  CouponServiceError,
  HttpCouponServiceClient,
  parseEnrollment,
  parsePriceSearch,
  parseSavings,
} from './coupon-service.client';

type Handler = (req: IncomingMessage, res: ServerResponse, body: string) => void;

/** A real HTTP server on a free port: each test says how it answers and reads what arrived. */
async function startServer(): Promise<{
  url: string;
  server: Server;
  handle: (h: Handler) => void;
  seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[];
}> {
  let handler: Handler = (_req, res) => res.end('{}');
  const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      handler(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, server, handle: (h) => (handler = h), seen };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body));
};

const configFor = (baseUrl: string, apiKey = 'partner-key-0123456789') =>
  ({ get: (key: string) => (key === 'coupons' ? { baseUrl, apiKey } : undefined) }) as unknown as ConfigService<AppConfig, true>;

const SEARCH = {
  asOf: '2026-04-29',
  drugs: [
    {
      name: 'Atorvastatin',
      brandName: 'Lipitor',
      strength: '10 MG TABLET',
      generic: {
        description: 'ATORVASTATIN 10 MG TABLET',
        ndc: '00093505610',
        quantity: 30,
        unit: 'EA',
        priceDate: '2026-04-22',
        retailPrice: 17.23,
        prices: [
          { pharmacy: { npi: '1104000017', name: 'Riverside Drug' }, price: 4.71 },
          { pharmacy: { npi: '1003000126', name: 'Maple Street Pharmacy' }, price: 5.38 },
        ],
      },
      brand: null,
    },
  ],
};

describe('couponServiceUrl', () => {
  it('keeps a path prefix and works with or without a trailing slash', () => {
    expect(couponServiceUrl('https://api.example/partner/v2', 'prices?drug=x').toString()).toBe(
      'https://api.example/partner/v2/prices?drug=x',
    );
    expect(couponServiceUrl('https://api.example/partner/v2/', 'prices').toString()).toBe('https://api.example/partner/v2/prices');
    expect(couponServiceUrl('https://api.example', '/enrollments').toString()).toBe('https://api.example/enrollments');
    expect(couponServiceUrl('http://127.0.0.1:4100/coupons/v1', 'savings').toString()).toBe('http://127.0.0.1:4100/coupons/v1/savings');
  });
});

describe('HttpCouponServiceClient (over a real HTTP server)', () => {
  let srv: Awaited<ReturnType<typeof startServer>>;
  beforeEach(async () => {
    srv = await startServer();
  });
  afterEach(async () => {
    srv.server.closeAllConnections();
    await new Promise((r) => srv.server.close(r));
  });

  const client = (base = `${srv.url}/partner/v1`, options = {}) =>
    new HttpCouponServiceClient(configFor(base), { backoffMs: 1, ...options });

  it('searches by name under the configured path prefix with the key in X-Api-Key, and reads the protocol', async () => {
    srv.handle((_req, res) => json(res, 200, SEARCH));
    for (const base of [`${srv.url}/partner/v1`, `${srv.url}/partner/v1/`]) {
      const search = await client(base).searchByName('Atorvastatin 10 mg');
      expect(search).toEqual({
        asOf: '2026-04-29',
        invalid: [],
        drugs: [expect.objectContaining({ name: 'Atorvastatin', brandName: 'Lipitor', brand: null })],
      });
      expect(search.drugs[0]!.generic!.prices[0]).toEqual({ pharmacy: { npi: '1104000017', name: 'Riverside Drug' }, price: 4.71 });
    }
    expect(srv.seen.map((r) => r.url)).toEqual([
      '/partner/v1/prices?drug=Atorvastatin+10+mg',
      '/partner/v1/prices?drug=Atorvastatin+10+mg',
    ]);
    expect(srv.seen[0]!.headers['x-api-key']).toBe('partner-key-0123456789');
    expect(srv.seen[0]!.headers.accept).toBe('application/json');
  });

  it('searches by NDC', async () => {
    srv.handle((_req, res) => json(res, 200, { asOf: '2026-04-29', drugs: [] }));
    await expect(client().searchByNdc('58151015577')).resolves.toEqual({ asOf: '2026-04-29', drugs: [], invalid: [] });
    expect(srv.seen[0]!.url).toBe('/partner/v1/prices?ndc=58151015577');
  });

  it('enrolls with a JSON body and an Idempotency-Key, once (no retry of a POST that creates)', async () => {
    srv.handle((_req, res) => json(res, 201, { status: 'created', redemptionUrl: 'https://coupons.example/redeem/abc' }));
    const outcome = await client().enroll({ phone: '2065550142', ndc: '58151015577', idempotencyKey: 'enrollment-1' });
    expect(outcome).toEqual({ status: 'created', redemptionUrl: 'https://coupons.example/redeem/abc' });
    expect(srv.seen[0]).toMatchObject({ method: 'POST', url: '/partner/v1/enrollments' });
    expect(JSON.parse(srv.seen[0]!.body)).toEqual({ phone: '2065550142', ndc: '58151015577' });
    expect(srv.seen[0]!.headers['idempotency-key']).toBe('enrollment-1');
    expect(srv.seen[0]!.headers['content-type']).toBe('application/json');

    srv.handle((_req, res) => json(res, 503, { error: 'unavailable' }));
    await expect(client().enroll({ phone: '2065550142', idempotencyKey: 'enrollment-2' })).rejects.toMatchObject({
      kind: 'transient',
      status: 503,
    });
    expect(srv.seen).toHaveLength(2);
  });

  it('retries a read once on a 5xx, then fails as transient with the path and status (never the query or key)', async () => {
    srv.handle((_req, res) => json(res, 502, { error: 'bad gateway' }));
    const error = await client()
      .searchByName('secret drug')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CouponServiceError);
    expect(error).toMatchObject({
      kind: 'transient',
      status: 502,
      message: 'GET /partner/v1/prices answered 502',
      host: new URL(srv.url).host,
    });
    expect(srv.seen).toHaveLength(2);
    expect(String((error as Error).message)).not.toMatch(/secret|partner-key/);
  });

  it('does not retry a 4xx (a wrong key is permanent)', async () => {
    srv.handle((_req, res) => json(res, 401, { error: 'unauthorized' }));
    await expect(client().searchByName('x')).rejects.toMatchObject({ kind: 'permanent', status: 401 });
    expect(srv.seen).toHaveLength(1);
  });

  it('times out a request that does not answer', async () => {
    srv.handle(() => undefined);
    const started = Date.now();
    await expect(client(undefined, { timeoutMs: 150, readAttempts: 1 }).searchByName('x')).rejects.toMatchObject({
      kind: 'transient',
      message: 'GET /partner/v1/prices timed out after 150 ms',
    });
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('refuses an answer that is not JSON, or not the protocol', async () => {
    srv.handle((_req, res) => json(res, 200, '{"asOf": "2026-'));
    await expect(client().searchByName('x')).rejects.toMatchObject({
      kind: 'permanent',
      message: 'GET /partner/v1/prices: the answer is not JSON',
    });
    srv.handle((_req, res) => json(res, 200, { prices: [] }));
    await expect(client().searchByName('x')).rejects.toMatchObject({
      kind: 'permanent',
      message: expect.stringContaining('no drugs list'),
    });
  });

  it('follows a redirect on the same origin, never to another one (the key goes along)', async () => {
    srv.handle((req, res) => {
      if (req.url!.startsWith('/old/')) {
        res.writeHead(301, { location: `/partner/v1/prices${req.url!.slice(req.url!.indexOf('?'))}` });
        res.end();
      } else json(res, 200, SEARCH);
    });
    await expect(client(`${srv.url}/old`).searchByName('x')).resolves.toMatchObject({ drugs: [{ name: 'Atorvastatin' }] });

    srv.handle((_req, res) => {
      res.writeHead(302, { location: 'http://elsewhere.example/prices' });
      res.end();
    });
    await expect(client().searchByName('x')).rejects.toMatchObject({
      kind: 'permanent',
      status: 302,
      message: 'GET /partner/v1/prices redirected to another origin (elsewhere.example): not followed',
    });
  });

  it('does not follow a 302 on a POST (it would become a GET)', async () => {
    srv.handle((_req, res) => {
      res.writeHead(302, { location: '/partner/v1/enrollments2' });
      res.end();
    });
    await expect(client().enroll({ phone: '2065550142', idempotencyKey: 'enrollment-3' })).rejects.toMatchObject({
      kind: 'permanent',
      status: 302,
    });
    expect(srv.seen).toHaveLength(1);
  });

  it('checks savings with the request as sent, keeping nothing of the answer beyond the protocol (no echoed phone)', async () => {
    const answer = {
      asOf: '2026-04-29',
      results: [
        {
          ndc: '58151015577',
          fdaNdc: '58151-0155-77',
          drugName: 'LIPITOR 10 MG TABLET',
          retailPrice: 537.82,
          bestPrice: 420.3,
          savings: 117.52,
          pharmacy: { npi: '1', name: 'Riverside Drug' },
          priceDate: '2026-01-01',
        },
      ],
      notFound: ['00000000000'],
      request: { phone: '2065550142', zip: '98501' },
    };
    srv.handle((_req, res) => json(res, 200, answer));
    const request = { ndcs: ['58151015577', '00000000000'], zip: '98501', pharmacyNpi: '1104000017', phone: '2065550142' };
    const savings = await client().checkSavings(request);
    expect(JSON.parse(srv.seen[0]!.body)).toEqual(request);
    expect(savings).toEqual({
      asOf: '2026-04-29',
      results: [
        {
          ndc: '58151015577',
          fdaNdc: '58151-0155-77',
          drugName: 'LIPITOR 10 MG TABLET',
          retailPrice: 537.82,
          bestPrice: 420.3,
          savings: 117.52,
          pharmacy: 'Riverside Drug',
          priceDate: '2026-01-01',
        },
      ],
      notFound: ['00000000000'],
      invalid: [],
    });
    expect(JSON.stringify(savings)).not.toContain('2065550142');
  });
});

describe('the protocol parsers', () => {
  it('name the prices that are not amounts (N/A later), and sort pharmacies cheapest first', () => {
    const drug = structuredClone(SEARCH.drugs[0]!);
    const generic: Record<string, unknown> = drug.generic;
    generic.retailPrice = -3;
    generic.prices = [
      { pharmacy: { npi: '1', name: 'Dear' }, price: 9.5 },
      { pharmacy: { npi: '2', name: 'Odd' }, price: 'NaN' },
      { pharmacy: { npi: '3', name: 'Cheap' }, price: '2.10' },
    ];
    const search = parsePriceSearch({ asOf: 'yesterday', drugs: [drug] });
    expect(search.asOf).toBeNull();
    expect(search.invalid).toEqual([
      { ndc: '00093505610', reason: 'drugs[0].generic.prices[1].price is not an amount' },
      { ndc: '00093505610', reason: 'drugs[0].generic.retailPrice is not an amount' },
    ]);
    expect(search.drugs[0]!.generic!.retailPrice).toBeNull();
    expect(search.drugs[0]!.generic!.prices.map((p) => [p.pharmacy.name, p.price])).toEqual([
      ['Cheap', 2.1],
      ['Dear', 9.5],
      ['Odd', null],
    ]);
  });

  it('name savings amounts that are not amounts by NDC and place', () => {
    const answer = parseSavings({
      results: [{ ndc: '58151015577', retailPrice: 'free', bestPrice: 4, savings: -1, pharmacy: 'Riverside Drug' }],
    });
    expect(answer.results[0]).toMatchObject({ retailPrice: null, bestPrice: 4, savings: null });
    expect(answer.invalid).toEqual([
      { ndc: '58151015577', reason: 'results[0].retailPrice is not an amount' },
      { ndc: '58151015577', reason: 'results[0].savings is not an amount' },
    ]);
  });

  it('refuse a drug with neither form, and an enrollment outside the protocol', () => {
    expect(() => parsePriceSearch({ drugs: [{ name: 'X', generic: null, brand: null }] })).toThrow(/neither a generic nor a brand/);
    expect(parseEnrollment({ status: 'duplicate', message: 'already' })).toEqual({ status: 'duplicate', message: 'already' });
    expect(parseEnrollment({ status: 'incomplete' })).toEqual({ status: 'incomplete', message: null });
    expect(() => parseEnrollment({ status: 'created', redemptionUrl: 'javascript:alert(1)' })).toThrow(/redemptionUrl/);
    expect(() => parseEnrollment({ status: 'queued' })).toThrow(CouponServiceError);
  });
});
