import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../config';
import { buildSandbox } from '../server';
import { createCrmPartner, LEAD_BODY_LIMIT_BYTES, SANDBOX_CRM_API_KEY } from './crm.partner';

describe('broker CRM partner', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = await buildSandbox([createCrmPartner()]);
  });
  afterEach(() => app.close());

  const auth = { authorization: `Bearer ${SANDBOX_CRM_API_KEY}` };
  const lead = (overrides: Record<string, unknown> = {}) => ({
    leadId: randomUUID(),
    phone: '2065550142',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    state: 'WA',
    zip: '98501',
    plan: { bidId: 'H0104_012_0', name: 'Example Advantage (HMO)', carrier: 'Example Health' },
    createdAt: '2026-05-01T12:00:00.000Z',
    ...overrides,
  });
  const post = (payload: object | string, headers: Record<string, string> = { ...auth, 'idempotency-key': randomUUID() }) =>
    app.inject({ method: 'POST', url: '/crm/leads', payload, headers: { 'content-type': 'application/json', ...headers } });
  const list = (query = '', headers: Record<string, string> = auth) => app.inject({ method: 'GET', url: `/crm/leads${query}`, headers });

  it('receives a lead: 201 { id, receivedAt }, then lists it newest first', async () => {
    const first = lead();
    const second = lead({ phone: '3125550199', plan: null, state: null, zip: null });
    const created = await post(first);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), receivedAt: expect.any(String) });
    expect(Date.parse(created.json().receivedAt)).not.toBeNaN();
    await post(second);

    const listed = await list();
    expect(listed.statusCode).toBe(200);
    expect(listed.json().leads.map((l: { lead: { leadId: string } }) => l.lead.leadId)).toEqual([second.leadId, first.leadId]);
    expect(listed.json().leads[1]).toEqual({
      id: created.json().id,
      receivedAt: created.json().receivedAt,
      idempotencyKey: expect.any(String),
      lead: first,
    });
    expect((await list('?phone=3125550199')).json().leads).toHaveLength(1);
    expect((await list(`?leadId=${first.leadId}`)).json().leads[0].lead.phone).toBe('2065550142');
    expect((await list('?phone=12')).statusCode).toBe(400);
  });

  it('answers a repeated Idempotency-Key with the first lead (200), never a second lead', async () => {
    const body = lead();
    const headers = { ...auth, 'idempotency-key': body.leadId };
    const first = await post(body, headers);
    const again = await post(body, headers);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await list()).json().leads).toHaveLength(1);

    const other = await post(lead({ leadId: body.leadId, phone: '3125550199' }), headers);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ error: 'idempotency_conflict', field: 'Idempotency-Key' });
  });

  it('requires the Idempotency-Key header, well formed', async () => {
    const missing = await post(lead(), auth);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({
      error: 'invalid_request',
      message: 'The Idempotency-Key header is required',
      field: 'Idempotency-Key',
    });
    expect((await post(lead(), { ...auth, 'idempotency-key': 'bad key!' })).statusCode).toBe(400);
    expect((await list()).json().leads).toEqual([]);
  });

  it('refuses every call without the bearer key, or with another one (401), before reading the body', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong' }, { authorization: SANDBOX_CRM_API_KEY }] as Record<string, string>[]) {
      const res = await post(lead(), { ...headers, 'idempotency-key': randomUUID() });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ error: 'unauthorized', message: 'A valid Authorization: Bearer key is required' });
      expect((await list('', headers)).statusCode).toBe(401);
    }
    const big = await post('x'.repeat(LEAD_BODY_LIMIT_BYTES * 2), { 'idempotency-key': randomUUID() });
    expect(big.statusCode).toBe(401);
  });

  it('accepts only the configured key', async () => {
    const other = await buildSandbox([createCrmPartner({ apiKey: 'another-crm-key-0123' })]);
    const headers = { 'content-type': 'application/json', 'idempotency-key': randomUUID() };
    const inject = (authorization: string) =>
      other.inject({ method: 'POST', url: '/crm/leads', payload: lead(), headers: { ...headers, authorization } });
    expect((await inject(`Bearer ${SANDBOX_CRM_API_KEY}`)).statusCode).toBe(401);
    expect((await inject('Bearer another-crm-key-0123')).statusCode).toBe(201);
    await other.close();
  });

  it('takes its key from SANDBOX_CRM_API_KEY (unset or empty: the default key)', () => {
    expect(loadConfig({ SANDBOX_CRM_API_KEY: 'from-the-environment-1' }).crmApiKey).toBe('from-the-environment-1');
    expect(loadConfig({ SANDBOX_CRM_API_KEY: '' }).crmApiKey).toBeUndefined();
    expect(loadConfig({}).crmApiKey).toBeUndefined();
  });

  it('validates the lead strictly: 400 naming the field and the reason', async () => {
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ phone: undefined }, 'phone', /phone is required/],
      [{ phone: '206-555-0142' }, 'phone', /10 digits/],
      [{ email: 'not-an-email' }, 'email', /e-mail address/],
      [{ email: 'a@b' }, 'email', /e-mail address/],
      [{ firstName: '' }, 'firstName', /firstName/],
      [{ lastName: 'x'.repeat(101) }, 'lastName', /lastName/],
      [{ state: 'Washington' }, 'state', /two-letter/],
      [{ zip: '9850' }, 'zip', /5 digits/],
      [{ leadId: 'lead-1' }, 'leadId', /UUID/],
      [{ createdAt: 'yesterday' }, 'createdAt', /ISO 8601/],
      [{ plan: 'H0104_012_0' }, 'plan', /object/],
      [{ plan: { bidId: 'H0104', name: 'x', carrier: 'y' } }, 'plan.bidId', /plan id/],
      [{ plan: { bidId: 'H0104_012_0', name: 'x', carrier: 'y', premium: 0 } }, 'plan.premium', /Unknown field/],
      [{ diagnoses: ['E11.9'] }, 'diagnoses', /Unknown field\(s\): diagnoses/],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await post(lead(overrides));
      expect({ overrides, status: res.statusCode }).toEqual({ overrides, status: 400 });
      expect(res.json()).toMatchObject({ error: 'invalid_request', field });
      expect(res.json().message).toMatch(message);
    }
    expect((await list()).json().leads).toEqual([]);
  });

  it('refuses a body over 2 KB (413), JSON that does not parse (400) and another content type (415)', async () => {
    const big = await post(lead({ firstName: 'x'.repeat(LEAD_BODY_LIMIT_BYTES) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ error: 'invalid_request', message: `The body must be at most ${LEAD_BODY_LIMIT_BYTES} bytes` });
    const broken = await post('{"leadId": ');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The body is not valid JSON');
    const form = await app.inject({
      method: 'POST',
      url: '/crm/leads',
      payload: 'phone=2065550142',
      headers: { ...auth, 'idempotency-key': randomUUID(), 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBe(415);
    expect((await post([lead()])).json()).toMatchObject({ message: 'The body must be a JSON object' });
  });

  describe('faults', () => {
    const fault = (payload: object) => app.inject({ method: 'POST', url: '/crm/_admin/faults', payload });

    it('status500 and status503: the webhook fails `times` times, takes nothing, then works', async () => {
      expect((await fault({ kind: 'status503', times: 1 })).statusCode).toBe(201);
      await fault({ kind: 'status500', times: 1 });
      const body = lead();
      const headers = { ...auth, 'idempotency-key': body.leadId };
      expect((await post(body, headers)).statusCode).toBe(503);
      expect((await post(body, headers)).statusCode).toBe(500);
      expect((await list()).json().leads).toEqual([]);
      expect((await post(body, headers)).statusCode).toBe(201);
      expect((await app.inject({ method: 'GET', url: '/crm/_admin/faults' })).json()).toEqual({ faults: [] });
    });

    it('timeout: holds the call for delayMs, then 504 without taking the lead; slow: answers late', async () => {
      await fault({ kind: 'timeout', delayMs: 50, times: 1 });
      const started = Date.now();
      expect((await post(lead())).statusCode).toBe(504);
      expect(Date.now() - started).toBeGreaterThanOrEqual(45);
      expect((await list()).json().leads).toEqual([]);

      await fault({ kind: 'slow', delayMs: 50, times: 1 });
      const slowStart = Date.now();
      expect((await post(lead())).statusCode).toBe(201);
      expect(Date.now() - slowStart).toBeGreaterThanOrEqual(45);
    });

    it('malformed: takes the lead but cuts the answer; the retry with the same key gets it whole', async () => {
      await fault({ kind: 'malformed', times: 1 });
      const body = lead();
      const headers = { ...auth, 'idempotency-key': body.leadId };
      const cut = await post(body, headers);
      expect(cut.statusCode).toBe(201);
      expect(() => JSON.parse(cut.body)).toThrow();
      const retried = await post(body, headers);
      expect(retried.statusCode).toBe(200);
      expect(retried.json().id).toEqual(expect.any(String));
      expect((await list()).json().leads).toHaveLength(1);
    });

    it('refuses an unknown kind or a bad delay, and clears faults and leads', async () => {
      expect((await fault({ kind: 'explode' })).statusCode).toBe(400);
      expect((await fault({ kind: 'timeout', delayMs: -1 })).statusCode).toBe(400);
      expect((await fault({ kind: 'status500', extra: true })).statusCode).toBe(400);
      await fault({ kind: 'status500' });
      expect((await app.inject({ method: 'DELETE', url: '/crm/_admin/faults' })).statusCode).toBe(204);
      expect((await post(lead())).statusCode).toBe(201);
      expect((await app.inject({ method: 'DELETE', url: '/crm/_admin/leads' })).statusCode).toBe(204);
      expect((await list()).json().leads).toEqual([]);
    });

    it('lets a held call go when the server closes', async () => {
      await fault({ kind: 'timeout', delayMs: 60_000 });
      const pending = post(lead());
      await new Promise((r) => setTimeout(r, 20));
      await app.close();
      expect((await pending).statusCode).toBe(503);
    });
  });
});
