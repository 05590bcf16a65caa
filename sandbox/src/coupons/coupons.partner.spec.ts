import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../server';
import { createCouponsPartner, SANDBOX_COUPONS_API_KEY, TEST_PHONES } from './coupons.partner';
import { PHARMACIES } from './price-list';

describe('coupons partner', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildSandbox([createCouponsPartner()]);
  });
  afterEach(() => app.close());

  const key = { 'x-api-key': SANDBOX_COUPONS_API_KEY };
  const get = (url: string, headers: Record<string, string> = key) => app.inject({ method: 'GET', url, headers });
  const post = (url: string, payload: object, headers: Record<string, string> = key) =>
    app.inject({ method: 'POST', url, payload, headers });
  let phoneSeq = 0;
  const newPhone = () => `212555${String(1000 + phoneSeq++).slice(-4)}`;

  it('refuses every API call without the key, or with another one (401)', async () => {
    for (const headers of [{}, { 'x-api-key': 'wrong' }] as Record<string, string>[]) {
      const res = await get('/coupons/v1/prices?drug=atorvastatin', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: 'A valid X-Api-Key header is required' });
    }
    expect((await post('/coupons/v1/enrollments', { phone: newPhone() }, {})).statusCode).toBe(401);
  });

  it('prices a drug by name: brand and generic, per pharmacy, retail and the NADAC date', async () => {
    const res = await get('/coupons/v1/prices?drug=Atorvastatin&zip=10001');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.asOf).toBe('2026-04-29');
    const [drug] = body.drugs;
    expect(drug).toMatchObject({ name: 'Atorvastatin', brandName: 'Lipitor', strength: '10 MG TABLET' });
    expect(drug.generic).toMatchObject({ description: 'ATORVASTATIN 10 MG TABLET', quantity: 30, unit: 'EA', priceDate: '2026-04-22' });
    expect(drug.brand).toMatchObject({ description: 'LIPITOR 10 MG TABLET', ndc: '58151015577', priceDate: '2026-01-01' });
    expect(drug.generic.prices).toHaveLength(PHARMACIES.length);
    expect(drug.generic.prices[0]).toEqual({
      pharmacy: { npi: expect.stringMatching(/^\d{10}$/), name: expect.any(String) },
      price: expect.any(Number),
    });
    expect(drug.generic.prices[0].price).toBeLessThan(drug.generic.retailPrice);
  });

  it('prices a drug by NDC, and answers an empty list for a name or NDC it does not know', async () => {
    expect((await get('/coupons/v1/prices?ndc=58151015577')).json().drugs[0].brand.ndc).toBe('58151015577');
    expect((await get('/coupons/v1/prices?drug=notadrugatall')).json()).toEqual({ asOf: '2026-04-29', drugs: [] });
    expect((await get('/coupons/v1/prices?ndc=00000000000')).json().drugs).toEqual([]);
  });

  it('answers 400 for a request it cannot read', async () => {
    for (const url of [
      '/coupons/v1/prices',
      '/coupons/v1/prices?drug=a&ndc=58151015577',
      '/coupons/v1/prices?ndc=5815-1015',
      '/coupons/v1/prices?drug=a&zip=1',
    ]) {
      const res = await get(url);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_request');
    }
  });

  it('enrolls a phone once: a redemption link to a page naming the drug, then duplicate', async () => {
    const phone = newPhone();
    const created = await post('/coupons/v1/enrollments', { phone, ndc: '58151015577' });
    expect(created.statusCode).toBe(201);
    const { status, redemptionUrl, memberId } = created.json();
    expect(status).toBe('created');
    expect(memberId).toMatch(/^SBX[0-9A-F]{10}$/);
    const url = new URL(redemptionUrl);
    expect(url.pathname).toMatch(/^\/coupons\/redeem\/[\w-]{24}$/);
    const page = await get(url.pathname, {});
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('LIPITOR 10 MG TABLET');
    expect(page.body).toContain('sandbox coupon');

    const again = await post('/coupons/v1/enrollments', { phone, drugName: 'Atorvastatin' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: 'duplicate' });
    expect((await get('/coupons/redeem/unknown-token', {})).statusCode).toBe(404);
  });

  it('answers a repeated Idempotency-Key with the first answer, not duplicate', async () => {
    const phone = newPhone();
    const headers = { ...key, 'idempotency-key': 'enrollment-0001' };
    const first = await post('/coupons/v1/enrollments', { phone }, headers);
    const retried = await post('/coupons/v1/enrollments', { phone }, headers);
    expect(retried.statusCode).toBe(201);
    expect(retried.json()).toEqual(first.json());
    expect((await post('/coupons/v1/enrollments', { phone }, { ...key, 'idempotency-key': 'enrollment-0002' })).json().status).toBe(
      'duplicate',
    );
    expect((await post('/coupons/v1/enrollments', { phone }, { ...key, 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
  });

  it('escapes the drug name it was given on the redemption page', async () => {
    const created = await post('/coupons/v1/enrollments', { phone: newPhone(), drugName: '<script>x</script>' });
    const page = await get(new URL(created.json().redemptionUrl).pathname, {});
    expect(page.body).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(page.body).not.toContain('<script>');
  });

  it('uses the configured public origin in redemption links', async () => {
    const other = await buildSandbox([createCouponsPartner({ publicUrl: 'http://localhost:4100' })]);
    const res = await other.inject({ method: 'POST', url: '/coupons/v1/enrollments', payload: { phone: newPhone() }, headers: key });
    expect(res.json().redemptionUrl).toMatch(/^http:\/\/localhost:4100\/coupons\/redeem\//);
    await other.close();
  });

  it('answers incomplete and failed for its test phone numbers', async () => {
    expect((await post('/coupons/v1/enrollments', { phone: TEST_PHONES.incomplete })).json()).toMatchObject({ status: 'incomplete' });
    expect((await post('/coupons/v1/enrollments', { phone: TEST_PHONES.failed })).json()).toMatchObject({ status: 'failed' });
    expect((await post('/coupons/v1/enrollments', { phone: '12345' })).statusCode).toBe(400);
  });

  it('checks savings per NDC at an in-network pharmacy, listing the NDCs it does not know', async () => {
    const pharmacy = PHARMACIES[1]!;
    const res = await post('/coupons/v1/savings', {
      ndcs: ['58151015577', '00000000000'],
      zip: '98501',
      pharmacyNpi: pharmacy.npi,
      phone: newPhone(),
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.pharmacy).toEqual({ npi: pharmacy.npi, name: pharmacy.name, inNetwork: true });
    expect(body.notFound).toEqual(['00000000000']);
    const [result] = body.results;
    expect(result).toMatchObject({
      ndc: '58151015577',
      fdaNdc: '58151-0155-77',
      drugName: 'LIPITOR 10 MG TABLET',
      pharmacy: { npi: pharmacy.npi },
    });
    expect(result.savings).toBeCloseTo(result.retailPrice - result.bestPrice, 2);
    expect(result.savings).toBeGreaterThan(0);
  });

  it('prices savings at the cheapest network pharmacy when the NPI is not in the network', async () => {
    const res = await post('/coupons/v1/savings', { ndcs: ['58151015577'], zip: '98501', pharmacyNpi: '1234567893', phone: newPhone() });
    const drug = (await get('/coupons/v1/prices?ndc=58151015577')).json().drugs[0];
    expect(res.json().pharmacy).toEqual({ npi: '1234567893', name: null, inNetwork: false });
    expect(res.json().results[0].bestPrice).toBe(drug.brand.prices[0].price);
    expect(res.json().results[0].pharmacy).toEqual(drug.brand.prices[0].pharmacy);
  });

  it('refuses a savings request with a bad field (400)', async () => {
    const good = { ndcs: ['58151015577'], zip: '98501', pharmacyNpi: PHARMACIES[0]!.npi, phone: newPhone() };
    for (const bad of [{ ndcs: [] }, { ndcs: ['5815'] }, { zip: '9850' }, { pharmacyNpi: '12' }, { phone: 'x' }]) {
      expect((await post('/coupons/v1/savings', { ...good, ...bad })).statusCode).toBe(400);
    }
  });

  describe('the failure switch', () => {
    const fail = (payload: object) => app.inject({ method: 'POST', url: '/coupons/_admin/fail', payload });

    it('error: every API call answers 503 until switched off', async () => {
      expect((await fail({ mode: 'error' })).json()).toEqual({ mode: 'error', delayMs: 0 });
      expect((await get('/coupons/v1/prices?drug=atorvastatin')).statusCode).toBe(503);
      expect((await post('/coupons/v1/enrollments', { phone: newPhone() })).statusCode).toBe(503);
      expect((await app.inject({ method: 'DELETE', url: '/coupons/_admin/fail' })).statusCode).toBe(204);
      expect((await get('/coupons/v1/prices?drug=atorvastatin')).statusCode).toBe(200);
    });

    it('timeout: holds the call for delayMs, then 504', async () => {
      await fail({ mode: 'timeout', delayMs: 50 });
      const started = Date.now();
      expect((await get('/coupons/v1/prices?drug=atorvastatin')).statusCode).toBe(504);
      expect(Date.now() - started).toBeGreaterThanOrEqual(45);
    });

    it('malformed: 200 with a body that is not JSON', async () => {
      await fail({ mode: 'malformed' });
      const res = await get('/coupons/v1/prices?drug=atorvastatin');
      expect(res.statusCode).toBe(200);
      expect(() => JSON.parse(res.body)).toThrow();
    });

    it('refuses an unknown mode', async () => {
      expect((await fail({ mode: 'explode' })).statusCode).toBe(400);
      expect((await fail({ mode: 'timeout', delayMs: -1 })).statusCode).toBe(400);
    });
  });
});
