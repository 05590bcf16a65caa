import { PricingTexts, STAFF_ONLY_MESSAGE, type BestPriceResult } from '@healthlink/contracts';
import { ConfigService } from '@nestjs/config';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomInt } from 'node:crypto';
import { pollUntil } from '../utils/poll';
import { startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';
import { anIPv6 } from '../utils/addresses';

jest.setTimeout(120_000);

/** Coupon search, enrollment and savings against the sandbox's coupon service (sandbox/src/coupons), as its own process. */
describe('coupons: POST /api/rxLink/getBestPrice, /api/rxLink/getEnrollment, /api/coupons/checkSavings', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    sandbox = await startSandbox();
    app = await createTestApp({ SANDBOX_URL: sandbox.url });
  });
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });
  afterEach(() => failCoupons('off'));

  async function failCoupons(mode: 'error' | 'timeout' | 'off', delayMs?: number): Promise<void> {
    const res = await fetch(`${sandbox.url}/coupons/_admin/fail`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mode, ...(delayMs !== undefined ? { delayMs } : {}) }),
    });
    if (!res.ok) throw new Error(`sandbox coupons admin answered ${res.status}`);
  }

  // Each call its own client address behind a proxy: the per-address search limit never carries over (254 IPv4
  // addresses were too few: two of a file's calls met on one often enough to fail the limit's count).
  const address = () => `${anIPv6()}, 10.0.${randomInt(0, 255)}.${randomInt(1, 255)}`;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object, token?: string, ip = address()) =>
    app.inject({ method, url, payload, headers: { ...(token ? bearer(token) : {}), 'x-forwarded-for': ip } });
  const poll = async (id: string, token?: string) =>
    (await pollUntil(
      async () => (await call('GET', `/api/pollingEvent/${id}`, undefined, token)).json(),
      (event) => event.status !== 'pending',
      60_000,
      100,
    )) as { status: string; pollInterval: number; response: unknown };
  const phone = () => `206${randomInt(2_000_000, 9_999_999)}`;

  it('a visitor searches "Atorvastatin": brand and generic rows with prices, pharmacy and their dates, both card shapes', async () => {
    const started = await call('POST', '/api/rxLink/getBestPrice', { drugName: 'Atorvastatin' });
    expect(started.statusCode).toBe(202);
    const { pollingEventID } = started.json();
    expect(pollingEventID).toMatch(/^[0-9a-f-]{36}$/);

    const event = await poll(pollingEventID);
    expect(event.status).toBe('complete');
    const result = event.response as BestPriceResult;
    const money = /^\$\d{1,3}(,\d{3})*\.\d{2}$/;
    expect(result.asOf).toBe('2026-04-29');
    expect(result.retailAsOf).toBe('2026-01-01');
    const [first] = result.medications;
    expect(first!.names).toEqual(['Atorvastatin', 'Lipitor']);
    expect(first!.description).toBe('10 MG TABLET, 30 EA');
    expect(first!.drugs.map((d) => [d.type, d.name])).toEqual([
      ['Brand', 'LIPITOR 10 MG TABLET'],
      ['Generic', 'ATORVASTATIN 10 MG TABLET'],
    ]);
    for (const drug of first!.drugs) {
      expect(drug.bestPrice.cost).toMatch(money);
      expect(drug.bestPrice.estRetailPrice).toMatch(money);
      expect(drug.pharmacy).toEqual(expect.any(String));
      const amount = (s: string | null) => Number(s!.replace(/[$,]/g, ''));
      expect(amount(drug.bestPrice.cost)).toBeLessThan(amount(drug.bestPrice.estRetailPrice));
    }
    expect(result.medications.length).toBeGreaterThanOrEqual(4);
    expect(result.priceData).toEqual({
      displayName: 'Atorvastatin',
      displayDescription: '10 MG TABLET, 30 EA',
      brandName: 'Lipitor',
      brandBestPrice: first!.drugs[0]!.bestPrice.cost,
      brandEstimatedRetail: first!.drugs[0]!.bestPrice.estRetailPrice,
      brandPharmacy: first!.drugs[0]!.pharmacy,
      genericName: 'Atorvastatin',
      genericBestPrice: first!.drugs[1]!.bestPrice.cost,
      genericEstimatedRetail: first!.drugs[1]!.bestPrice.estRetailPrice,
      genericPharmacy: first!.drugs[1]!.pharmacy,
    });
  });

  it('a name that is an NDC as printed on the bottle is searched by that NDC', async () => {
    const { pollingEventID } = (await call('POST', '/api/rxLink/getBestPrice', { drugName: '58151-155-77' })).json();
    const event = await poll(pollingEventID);
    expect(event.status).toBe('complete');
    expect((event.response as BestPriceResult).medications[0]!.drugs[0]).toMatchObject({ type: 'Brand', ndc11: '58151015577' });
  });

  it('a drug nobody sells ends missing with "Drug not found"', async () => {
    const { pollingEventID } = (await call('POST', '/api/rxLink/getBestPrice', { drugName: 'Zzqxvorant' })).json();
    expect(await poll(pollingEventID)).toEqual({ status: 'missing', pollInterval: 1000, response: 'Drug not found' });
  });

  it('a failing coupon service ends the search failed with the spec text', async () => {
    await failCoupons('error');
    const { pollingEventID } = (await call('POST', '/api/rxLink/getBestPrice', { drugName: 'Atorvastatin' })).json();
    expect(await poll(pollingEventID)).toEqual({
      status: 'failed',
      pollInterval: 1000,
      response: { message: 'Something went wrong, please try again later' },
    });
    const [row] = await dataSourceOf(app).query(
      `SELECT user_id, host, error_details FROM errors WHERE error_type = 'COUPON_SERVICE_FAILED' AND error_details->>'correlationId' = $1`,
      [pollingEventID],
    );
    expect(row).toMatchObject({ user_id: null, error_details: expect.objectContaining({ operation: 'prices', status: 503 }) });
    expect(JSON.stringify(row)).not.toMatch(/Atorvastatin|sandbox-coupons-key/i);
  });

  it("a member's search is theirs: another member gets 404, a visitor 401, a bad token 401", async () => {
    const owner = await tokenFor(app);
    const other = await tokenFor(app);
    const { pollingEventID } = (await call('POST', '/api/rxLink/getBestPrice', { drugName: 'Lipitor' }, owner.token)).json();
    expect((await poll(pollingEventID, owner.token)).status).toBe('complete');
    const [row] = await dataSourceOf(app).query('SELECT owner_user_id FROM polling_events WHERE id = $1', [pollingEventID]);
    expect(row.owner_user_id).toBe(owner.userId);

    const byOther = await call('GET', `/api/pollingEvent/${pollingEventID}`, undefined, other.token);
    expect(byOther.statusCode).toBe(404);
    expect(byOther.json()).toEqual({ code: 'POLLING.NOT_FOUND', message: 'Polling event not found' });
    expect((await call('GET', `/api/pollingEvent/${pollingEventID}`)).statusCode).toBe(401);
    expect((await call('GET', `/api/pollingEvent/${pollingEventID}`, undefined, 'not.a.token')).statusCode).toBe(401);
    // A stale session is not quietly a visitor on the search either.
    expect((await call('POST', '/api/rxLink/getBestPrice', { drugName: 'Lipitor' }, 'not.a.token')).statusCode).toBe(401);
  });

  it("a visitor's search is readable by its id alone, by a visitor or a member", async () => {
    const { pollingEventID } = (await call('POST', '/api/rxLink/getBestPrice', { drugName: 'Lipitor' })).json();
    const [row] = await dataSourceOf(app).query('SELECT owner_user_id FROM polling_events WHERE id = $1', [pollingEventID]);
    expect(row.owner_user_id).toBeNull();
    expect((await poll(pollingEventID)).status).toBe('complete');
    const member = await tokenFor(app);
    expect((await call('GET', `/api/pollingEvent/${pollingEventID}`, undefined, member.token)).statusCode).toBe(200);
  });

  it('answers 400 PRICING.VALIDATION naming drugName, with the spec text', async () => {
    for (const [payload, message] of [
      [{}, PricingTexts.drugNameRequired],
      [{ drugName: '  ' }, PricingTexts.drugNameRequired],
      [{ drugName: 'x'.repeat(101) }, PricingTexts.tooLong],
      [{ drugName: 'ator\u0007vastatin' }, 'drugName must not contain control characters'],
      // Wrong JSON types: the same 400 naming the field, never a 500.
      [{ drugName: ['x'] }, PricingTexts.drugNameRequired],
      [{ drugName: {} }, PricingTexts.drugNameRequired],
      [{ drugName: 42 }, PricingTexts.drugNameRequired],
      [{ drugName: null }, PricingTexts.drugNameRequired],
    ] as const) {
      const res = await call('POST', '/api/rxLink/getBestPrice', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ code: 'PRICING.VALIDATION', message, errors: [{ field: 'drugName', message }] });
    }
    expect((await call('POST', '/api/rxLink/getBestPrice', { drugName: 'x', extra: 1 })).statusCode).toBe(400);
  });

  it('limits searches per address (429)', async () => {
    const ip = address();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++)
      statuses.push((await call('POST', '/api/rxLink/getBestPrice', { drugName: 'Metformin' }, undefined, ip)).statusCode);
    expect(statuses.filter((s) => s === 202)).toHaveLength(60);
    expect(statuses[60]).toBe(429);
  });

  describe('enrollment', () => {
    it('enrolls a phone: a redemption link the sandbox serves; of the phone only its last four kept', async () => {
      const { token, userId } = await tokenFor(app);
      const number = phone();
      const started = await call(
        'POST',
        '/api/rxLink/getEnrollment',
        { userPhoneNumber: number, drugName: 'Lipitor', ndc: '58151-0155-77' },
        token,
      );
      expect(started.statusCode).toBe(202);
      const event = await poll(started.json().pollingEventID, token);
      expect(event.status).toBe('complete');
      const { link } = event.response as { link: string };
      expect(link.startsWith(`${sandbox.url}/coupons/redeem/`)).toBe(true);

      const page = await fetch(link);
      expect(page.status).toBe(200);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await page.text();
      expect(html).toContain('LIPITOR 10 MG TABLET');
      expect(html).toContain('sandbox coupon');

      const rows = await dataSourceOf(app).query('SELECT * FROM coupon_enrollments WHERE user_id = $1', [userId]);
      expect(rows).toEqual([
        expect.objectContaining({
          status: 'complete',
          phone_last4: number.slice(-4),
          phone_enc: null,
          ndc11: '58151015577',
          redemption_url: link,
        }),
      ]);
      expect(JSON.stringify(rows)).not.toContain(number);
      // Nor in the job queue.
      const { schema } = app.get(ConfigService).get('jobs');
      const jobs = await dataSourceOf(app).query(`SELECT count(*)::int AS n FROM "${schema}".job WHERE strpos(data::text, $1) > 0`, [
        number,
      ]);
      expect(jobs).toEqual([{ n: 0 }]);
    });

    it('the same phone again is duplicate, with the spec text', async () => {
      const first = await tokenFor(app);
      const second = await tokenFor(app);
      const number = phone();
      const one = await call('POST', '/api/rxLink/getEnrollment', { userPhoneNumber: number }, first.token);
      expect((await poll(one.json().pollingEventID, first.token)).status).toBe('complete');
      const two = await call(
        'POST',
        '/api/rxLink/getEnrollment',
        { userPhoneNumber: `(${number.slice(0, 3)}) ${number.slice(3, 6)}-${number.slice(6)}` },
        second.token,
      );
      expect(await poll(two.json().pollingEventID, second.token)).toEqual({
        status: 'duplicate',
        pollInterval: 1000,
        response: { message: PricingTexts.enrollmentDuplicate },
      });
    });

    it("ends incomplete and failed for the sandbox's test numbers", async () => {
      const { token } = await tokenFor(app);
      const incomplete = await call('POST', '/api/rxLink/getEnrollment', { userPhoneNumber: '555-000-0001' }, token);
      expect(await poll(incomplete.json().pollingEventID, token)).toMatchObject({
        status: 'incomplete',
        response: { message: PricingTexts.enrollmentFailed },
      });
      const failed = await call('POST', '/api/rxLink/getEnrollment', { userPhoneNumber: '5550000002' }, token);
      expect(await poll(failed.json().pollingEventID, token)).toMatchObject({
        status: 'failed',
        response: { message: PricingTexts.enrollmentFailed },
      });
    });

    it('a failing coupon service ends the enrollment failed, and the sealed phone is erased', async () => {
      const { token, userId } = await tokenFor(app);
      await failCoupons('error');
      const started = await call('POST', '/api/rxLink/getEnrollment', { userPhoneNumber: phone() }, token);
      expect(await poll(started.json().pollingEventID, token)).toMatchObject({
        status: 'failed',
        response: { message: PricingTexts.enrollmentFailed },
      });
      expect(await dataSourceOf(app).query('SELECT status, phone_enc FROM coupon_enrollments WHERE user_id = $1', [userId])).toEqual([
        { status: 'failed', phone_enc: null },
      ]);
    });

    it('answers 400 with the phone text, and 401 without a session', async () => {
      const { token } = await tokenFor(app);
      for (const userPhoneNumber of ['555-0142', '', '20655501423', 'call me']) {
        const res = await call('POST', '/api/rxLink/getEnrollment', { userPhoneNumber }, token);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          code: 'PRICING.VALIDATION',
          message: 'Please enter a valid 10 digit phone number',
          errors: [{ field: 'userPhoneNumber', message: 'Please enter a valid 10 digit phone number' }],
        });
      }
      expect((await call('POST', '/api/rxLink/getEnrollment', { userPhoneNumber: phone() })).statusCode).toBe(401);
    });

    it('answers 400 naming the field for a value of the wrong JSON type, never 500, and keeps no enrollment', async () => {
      const { token, userId } = await tokenFor(app);
      for (const [payload, field, message] of [
        [{ userPhoneNumber: 2065550142 }, 'userPhoneNumber', PricingTexts.phoneInvalid],
        [{ userPhoneNumber: ['2065550142'] }, 'userPhoneNumber', PricingTexts.phoneInvalid],
        [{ userPhoneNumber: { number: '2065550142' } }, 'userPhoneNumber', PricingTexts.phoneInvalid],
        [{ userPhoneNumber: phone(), ndc: {} }, 'ndc', PricingTexts.ndcInvalid],
        [{ userPhoneNumber: phone(), ndc: 58151015577 }, 'ndc', PricingTexts.ndcInvalid],
        [{ userPhoneNumber: phone(), ndc: ['58151015577'] }, 'ndc', PricingTexts.ndcInvalid],
        [{ userPhoneNumber: phone(), drugName: ['Lipitor'] }, 'drugName', PricingTexts.drugNameRequired],
        [{ userPhoneNumber: phone(), drugName: {} }, 'drugName', PricingTexts.drugNameRequired],
      ] as const) {
        const res = await call('POST', '/api/rxLink/getEnrollment', payload, token);
        expect({ payload, status: res.statusCode }).toEqual({ payload, status: 400 });
        expect(res.json()).toEqual({ code: 'PRICING.VALIDATION', message, errors: [{ field, message }] });
      }
      expect(await dataSourceOf(app).query('SELECT id FROM coupon_enrollments WHERE user_id = $1', [userId])).toEqual([]);
    });

    it('account deletion takes the enrollments with it', async () => {
      const { token, userId } = await tokenFor(app);
      const started = await call('POST', '/api/rxLink/getEnrollment', { userPhoneNumber: phone() }, token);
      await poll(started.json().pollingEventID, token);
      expect((await call('DELETE', '/api/users', undefined, token)).statusCode).toBe(200);
      expect(await dataSourceOf(app).query('SELECT id FROM coupon_enrollments WHERE user_id = $1', [userId])).toEqual([]);
    });
  });

  describe('checkSavings', () => {
    const request = { ndcList: ['58151-0155-77', '00093505610'], phoneNumber: '206-555-0142', zipCode: '98501', pharmacyNPI: '1104000017' };
    const linkInsurer = (userId: string) =>
      dataSourceOf(app).query(
        `INSERT INTO insurer_links (user_id, insurer_key, access_token_enc, refresh_token_enc) VALUES ($1, 'humana', 'v2.k.x.y.z', 'v2.k.x.y.z')`,
        [userId],
      );
    // The savings lookup is a staff page (issue 19): a direct grant, as `npm run staff -- grant` would make it.
    const staffTokenFor = async () => {
      const caller = await tokenFor(app);
      await dataSourceOf(app).query(`UPDATE users SET role = 'staff' WHERE id = $1`, [caller.userId]);
      return caller;
    };

    it('answers the savings per NDC at once, at the pharmacy asked', async () => {
      const { token, userId } = await staffTokenFor();
      await linkInsurer(userId);
      const res = await call('POST', '/api/coupons/checkSavings', request, token);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.asOf).toBe('2026-04-29');
      expect(body.message).toBe('Savings found for 2 of 2 NDCs');
      expect(body.results).toEqual([
        expect.objectContaining({
          ndc: '58151015577',
          fdaNdc: '58151-0155-77',
          drugName: 'LIPITOR 10 MG TABLET',
          pharmacy: 'Riverside Drug',
        }),
        expect.objectContaining({ ndc: '00093505610', drugName: 'ATORVASTATIN 10 MG TABLET', pharmacy: 'Riverside Drug' }),
      ]);
      for (const result of body.results)
        for (const field of ['retailPrice', 'bestPrice', 'savings']) expect(result[field]).toMatch(/^\$[\d,]+\.\d{2}$/);
      // Only the time of the call: nothing the coupon service echoes (the phone number) reaches the browser.
      expect(body.rawResponse).toEqual({ timestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/) });
      expect(res.body).not.toMatch(/2065550142|206-555-0142/);
    });

    it('finds the one NDC ten bare digits stand for, and says when nothing was found', async () => {
      const { token, userId } = await staffTokenFor();
      await linkInsurer(userId);
      // 0093-5056-10 printed without dashes: 4-4-2, padded to 00093505610.
      const ten = await call('POST', '/api/coupons/checkSavings', { ...request, ndcList: ['0093505610'] }, token);
      expect(ten.json().results.map((r: { ndc: string }) => r.ndc)).toEqual(['00093505610']);
      const none = await call('POST', '/api/coupons/checkSavings', { ...request, ndcList: ['99999999999'] }, token);
      expect(none.json()).toMatchObject({ results: [], message: 'No savings found for the provided NDCs.' });
    });

    it('answers 400 naming the field', async () => {
      const { token } = await staffTokenFor();
      for (const [patch, field, message] of [
        [{ ndcList: [] }, 'ndcList', PricingTexts.ndcListEmpty],
        [{ ndcList: 'x' }, 'ndcList', PricingTexts.ndcListEmpty],
        [{ ndcList: {} }, 'ndcList', PricingTexts.ndcListEmpty],
        [{ ndcList: [58151015577] }, 'ndcList', PricingTexts.ndcListEmpty],
        [{ phoneNumber: 2065550142 }, 'phoneNumber', PricingTexts.phoneInvalid],
        [{ zipCode: 98501 }, 'zipCode', PricingTexts.fieldRequired],
        [{ pharmacyNPI: 123 }, 'pharmacyNPI', PricingTexts.pharmacyNpiInvalid],
        [{ pharmacyNPI: 1104000017 }, 'pharmacyNPI', PricingTexts.pharmacyNpiInvalid],
        [{ pharmacyNPI: ['1104000017'] }, 'pharmacyNPI', PricingTexts.pharmacyNpiInvalid],
        [{ ndcList: ['123'] }, 'ndcList', PricingTexts.ndcInvalid],
        [{ phoneNumber: '12' }, 'phoneNumber', PricingTexts.phoneInvalid],
        [{ zipCode: '9850' }, 'zipCode', PricingTexts.zipcodeInvalid],
        [{ pharmacyNPI: 'abc' }, 'pharmacyNPI', PricingTexts.pharmacyNpiInvalid],
      ] as const) {
        const res = await call('POST', '/api/coupons/checkSavings', { ...request, ...patch }, token);
        expect({ patch, status: res.statusCode }).toEqual({ patch, status: 400 });
        expect(res.json()).toEqual({ code: 'PRICING.VALIDATION', message, errors: [{ field, message }] });
      }
    });

    it('answers staff who linked no insurer of their own, 401 without a session, 502 when the coupon service fails', async () => {
      const { token } = await staffTokenFor();
      const unlinked = await call('POST', '/api/coupons/checkSavings', request, token);
      expect(unlinked.statusCode).toBe(200);
      expect((await call('POST', '/api/coupons/checkSavings', request)).statusCode).toBe(401);

      await failCoupons('error');
      const failed = await call('POST', '/api/coupons/checkSavings', request, token);
      expect(failed.statusCode).toBe(502);
      expect(failed.json()).toEqual({
        code: 'PRICING.COUPON_SERVICE_FAILED',
        message: 'Something went wrong generating savings, please try again later.',
        correlationId: expect.any(String),
      });
    });

    it('answers a signed-in patient 403 AUTH.STAFF_ONLY, before reading the request', async () => {
      const { token, userId } = await tokenFor(app);
      await linkInsurer(userId);
      for (const payload of [request, { ...request, ndcList: [] }]) {
        const res = await call('POST', '/api/coupons/checkSavings', payload, token);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ code: 'AUTH.STAFF_ONLY', message: STAFF_ONLY_MESSAGE });
      }
    });
  });
});
