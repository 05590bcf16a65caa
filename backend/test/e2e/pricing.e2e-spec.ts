import { PricingTexts } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { createPrescription } from '../factories/prescription.factory';
import { anIPv6 } from '../utils/addresses';
import { DrugsService } from '../../src/modules/pricing';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

// Real NDCs of the reference data (backend/data/reference), as a pharmacy claim's projection stores them: without
// dashes, 10 or 11 digits. Simvastatin + clarithromycin is on the ONC high-priority list (major); warfarin +
// simvastatin and warfarin + dexamethasone on the non-interruptive one (moderate).
const SIMVASTATIN = { drugNdc: '0615799330', drugName: 'Simvastatin 20 MG Oral Tablet' }; // printed 0615-7993-30 (4-4-2)
const CLARITHROMYCIN = { drugNdc: '00054003721', drugName: 'Clarithromycin 500 MG Oral Tablet' };
const WARFARIN = { drugNdc: '00093172101', drugName: 'Warfarin Sodium 5 MG Oral Tablet' };
const DEXAMETHASONE = { drugNdc: '00054418425', drugName: 'Dexamethasone 4 MG Oral Tablet' };

const ONC_LISTS = {
  asOf: '2014-04-04',
  source:
    'ONC High-Priority (2012, major) and Non-Interruptive (2013, moderate) drug-drug interaction lists, mapped to RxNorm ingredients in 2014',
};

describe('GET /api/drugInteractions', () => {
  let app: NestFastifyApplication;

  // The first boot on a database loads the drug reference tables (once per database).
  beforeAll(async () => {
    app = await createTestApp();
  }, 180_000);
  afterAll(() => app?.close());

  const interactionsOf = (token?: string) =>
    app.inject({ method: 'GET', url: '/api/drugInteractions', headers: token ? bearer(token) : {} });

  it('answers 401 without a session', async () => {
    const res = await interactionsOf();
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'AUTH.UNAUTHORIZED' });
  });

  it("finds the real ONC interactions among the member's drugs, most severe first, and only for that member", async () => {
    const member = await tokenFor(app);
    const other = await tokenFor(app);
    const ds = dataSourceOf(app);
    await createPrescription(ds, member.userId, { ...SIMVASTATIN, datePrescribed: '2024-11-02' });
    await createPrescription(ds, member.userId, { ...SIMVASTATIN, datePrescribed: '2025-02-01' });
    await createPrescription(ds, member.userId, { ...CLARITHROMYCIN, datePrescribed: '2025-03-01' });
    await createPrescription(ds, member.userId, { ...WARFARIN, datePrescribed: '2025-01-15' });
    await createPrescription(ds, member.userId, { ...DEXAMETHASONE, datePrescribed: '2024-12-20' });
    await createPrescription(ds, member.userId, { drugNdc: null, drugName: 'Fish Oil 1000 MG', datePrescribed: '2025-01-01' });
    await createPrescription(ds, other.userId, { ...SIMVASTATIN });

    const res = await interactionsOf(member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      interactions: [
        { drug_a: CLARITHROMYCIN.drugName, drug_b: SIMVASTATIN.drugName, level: 'major' },
        { drug_a: DEXAMETHASONE.drugName, drug_b: WARFARIN.drugName, level: 'moderate' },
        { drug_a: SIMVASTATIN.drugName, drug_b: WARFARIN.drugName, level: 'moderate' },
      ],
      ...ONC_LISTS,
      unchecked: ['Fish Oil 1000 MG'],
    });

    // The other member takes simvastatin alone: nothing of the first member's list reaches them.
    const theirs = await interactionsOf(other.token);
    expect(theirs.statusCode).toBe(200);
    expect(theirs.json()).toEqual({ interactions: [], ...ONC_LISTS, unchecked: [] });
  });

  it('tells its server time (Server-Timing) on a first read and on a read answered from the read cache', async () => {
    const member = await tokenFor(app);
    await createPrescription(dataSourceOf(app), member.userId, { ...SIMVASTATIN });
    for (const res of [await interactionsOf(member.token), await interactionsOf(member.token)]) {
      expect(res.statusCode).toBe(200);
      expect(res.headers['server-timing']).toMatch(/^app;dur=\d+\.\d{2}$/);
    }
  });

  it('answers an empty list to a member with no drugs, and to one whose drugs do not interact', async () => {
    const none = await tokenFor(app);
    expect((await interactionsOf(none.token)).json()).toEqual({ interactions: [], ...ONC_LISTS, unchecked: [] });

    const calm = await tokenFor(app);
    await createPrescription(dataSourceOf(app), calm.userId, { ...CLARITHROMYCIN });
    await createPrescription(dataSourceOf(app), calm.userId, { ...DEXAMETHASONE });
    expect((await interactionsOf(calm.token)).json()).toEqual({ interactions: [], ...ONC_LISTS, unchecked: [] });
  });

  it('never identifies a drug by its name: one without a known NDC is listed as not checked', async () => {
    const member = await tokenFor(app);
    await createPrescription(dataSourceOf(app), member.userId, { drugNdc: '99999999999', drugName: 'Clarithromycin 250 MG' });
    await createPrescription(dataSourceOf(app), member.userId, { drugNdc: '12-34', drugName: 'Simvastatin 40 MG' });
    expect((await interactionsOf(member.token)).json()).toEqual({
      interactions: [],
      ...ONC_LISTS,
      unchecked: ['Clarithromycin 250 MG', 'Simvastatin 40 MG'],
    });
  });
});

describe('POST /api/drugLookup, POST /api/userDrugs/add, GET /api/userDrugs (prices)', () => {
  let app: NestFastifyApplication;

  beforeAll(async () => {
    app = await createTestApp();
  }, 180_000);
  afterAll(() => app?.close());

  const FORM = { drugName: 'Atorvastatin', drugDosage: '10 mg', drugForm: 'TABLET', patientPaid: '25.00' };
  const lookup = (payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/drugLookup', payload, headers: { 'x-forwarded-for': anIPv6(), ...headers } });
  const add = (token: string | null, payload: object) =>
    app.inject({ method: 'POST', url: '/api/userDrugs/add', payload, headers: token ? bearer(token) : {} });
  const userDrugs = (token: string, query = '') => app.inject({ method: 'GET', url: `/api/userDrugs${query}`, headers: bearer(token) });

  it('finds brand Lipitor and the generic rows for "Atorvastatin", and a misspelling, without a session', async () => {
    const res = await lookup(FORM);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ error: false, pricing: null });
    expect(body.matches.length).toBeLessThanOrEqual(10);
    expect(body.matches[0]).toMatchObject({ drugName: 'ATORVASTATIN 10 MG TABLET', proprietaryName: null, strength: '10', unit: 'MG' });
    expect(body.matches[1]).toMatchObject({
      drugName: 'LIPITOR 10 MG TABLET',
      proprietaryName: 'LIPITOR',
      nonProprietaryName: 'atorvastatin',
    });

    const misspelled = (await lookup({ ...FORM, drugName: 'atorvastatn' })).json();
    expect(misspelled.matches[0].drugName).toBe('ATORVASTATIN 10 MG TABLET');

    const none = await lookup({ ...FORM, drugName: 'qqqxxzzq' });
    expect(none.json()).toEqual({ error: true, message: PricingTexts.lookupNone, pricing: null });
  });

  it("answers a name search before Nest's pipeline exactly as the route does, and leaves everything else to the route", async () => {
    const drugs = app.get(DrugsService);
    const viaRoute = jest.spyOn(drugs, 'lookup');
    try {
      const address = anIPv6();
      const fast = await lookup({ ...FORM, drugName: 'simvastatin' }, { 'x-forwarded-for': address });
      expect(viaRoute).not.toHaveBeenCalled();
      // The same URL with a query string is not the fast path's: Nest's route answers it.
      const routed = await app.inject({
        method: 'POST',
        url: '/api/drugLookup?via=route',
        payload: { ...FORM, drugName: 'simvastatin' },
        headers: { 'x-forwarded-for': address },
      });
      expect(viaRoute).toHaveBeenCalledTimes(1);
      expect(fast.statusCode).toBe(200);
      expect(fast.body).toBe(routed.body);
      for (const header of ['content-type', 'cache-control', 'x-content-type-options', 'content-security-policy']) {
        expect([header, fast.headers[header]]).toEqual([header, routed.headers[header]]);
      }
      // What the route's validation refuses still reaches it: an unknown field, a missing field, a bad price.
      const extra = await lookup({ ...FORM, extra: 1 });
      expect(extra.statusCode).toBe(400);
      expect(extra.json()).toMatchObject({ code: 'REQUEST.VALIDATION_FAILED', errors: [{ field: 'extra' }] });
      const paid = await lookup({ ...FORM, patientPaid: '-1' });
      expect(paid.json()).toMatchObject({
        code: 'PRICING.VALIDATION',
        errors: [{ field: 'patientPaid', message: PricingTexts.pricePaidInvalid }],
      });
      expect(viaRoute).toHaveBeenCalledTimes(2); // the unknown field stopped at the route's validation pipe
      // One address's 61st lookup in 5 minutes (fast path or route, one count) is the route's 429.
      const busy = anIPv6();
      for (let i = 0; i < 60; i++) expect((await lookup(FORM, { 'x-forwarded-for': busy })).statusCode).toBe(200);
      const limited = await lookup(FORM, { 'x-forwarded-for': busy });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ code: 'REQUEST.TOO_MANY' });
      expect(limited.headers['retry-after']).toBeDefined();
    } finally {
      viaRoute.mockRestore();
    }
  });

  it('answers one drug with its brand and generic prices per fill for an NDC in any printed form', async () => {
    for (const ndc of ['0615-7993-30', '0615799330', '00615799330', ' 0615-7993-30 ']) {
      const res = await lookup({ ...FORM, drugName: 'simvastatin', ndc });
      expect({ ndc, status: res.statusCode }).toEqual({ ndc, status: 200 });
      const body = res.json();
      expect(body.drug).toEqual({ drug_name: 'simvastatin 20 MG Oral Tablet', drug_ndc: '00615799330', drug_rxcui: '312961' });
      expect(body.pricing).toMatchObject({
        brand: { name: 'simvastatin 20 MG Oral Tablet [Zocor]', source: 'CMS NADAC, week of 2026-04-29' },
        generic: { name: 'simvastatin 20 MG Oral Tablet', formula: expect.stringContaining('30 EA (assumed 30 units') },
        patientPaid: '25.00',
      });
      expect(body.pricing.generic.priceDate).toMatch(/^2026-\d\d-\d\d$/);
      expect(Number(body.pricing.savings)).toBeCloseTo(25 - Number(body.pricing.generic.price), 2);
    }
    // 5-3-2 and 5-4-1 as the FDA prints them.
    expect((await lookup({ ...FORM, ndc: '10014-001-07' })).json().drug.drug_ndc).toBe('10014000107');
    expect((await lookup({ ...FORM, ndc: '10018-8999-1' })).json().drug.drug_ndc).toBe('10018899901');
    // Well formed, unknown.
    expect((await lookup({ ...FORM, ndc: '99999-9999-99' })).json()).toEqual({
      error: true,
      message: PricingTexts.lookupNone,
      pricing: null,
    });
  });

  it.each([
    [{ drugName: '' }, 'drugName', PricingTexts.fieldRequired],
    [{ drugName: null }, 'drugName', PricingTexts.fieldRequired],
    [{ drugDosage: '  ' }, 'drugDosage', PricingTexts.fieldRequired],
    [{ drugName: 'a'.repeat(101) }, 'drugName', PricingTexts.tooLong],
    [{ drugDosage: 'b'.repeat(101) }, 'drugDosage', PricingTexts.tooLong],
    [{ drugForm: 'POWDER' }, 'drugForm', PricingTexts.drugFormRequired],
    [{ drugForm: null }, 'drugForm', PricingTexts.drugFormRequired],
    [{ patientPaid: '-1' }, 'patientPaid', PricingTexts.pricePaidInvalid],
    [{ patientPaid: 'ten' }, 'patientPaid', PricingTexts.pricePaidInvalid],
    [{ patientPaid: -0.01 }, 'patientPaid', PricingTexts.pricePaidInvalid],
    [{ patientPaid: null }, 'patientPaid', PricingTexts.pricePaidInvalid],
  ])('answers 400 PRICING.VALIDATION for %j, on both endpoints', async (change, field, message) => {
    const member = await tokenFor(app);
    for (const res of [await lookup({ ...FORM, ...change }), await add(member.token, { ...FORM, ...change })]) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 'PRICING.VALIDATION', message, errors: [{ field, message }] });
    }
  });

  it('answers 400 for a malformed NDC saying what is wrong, and for NUL, lone surrogates and a bad rxcui', async () => {
    const member = await tokenFor(app);
    const badNdc = await lookup({ ...FORM, ndc: '12-34' });
    expect(badNdc.statusCode).toBe(400);
    expect(badNdc.json()).toMatchObject({ code: 'PRICING.INVALID_NDC', errors: [{ field: 'ndc' }] });
    expect((await add(member.token, { ...FORM, ndc: '123456789' })).json()).toMatchObject({ code: 'PRICING.INVALID_NDC' });
    for (const payload of [
      { ...FORM, drugName: 'Ator\u0000vastatin' },
      { ...FORM, drugDosage: '10 mg \ud800' },
    ]) {
      expect((await lookup(payload)).statusCode).toBe(400);
      expect((await add(member.token, payload)).statusCode).toBe(400);
    }
    const rxcui = await add(member.token, { ...FORM, rxcui: 'RX1' });
    expect(rxcui.statusCode).toBe(400);
    expect(rxcui.json()).toMatchObject({ code: 'PRICING.VALIDATION', errors: [{ field: 'rxcui' }] });
    expect((await add(member.token, { ...FORM, extra: 1 })).statusCode).toBe(400);
  });

  it('saves a drug for a signed-in member only, and lists it priced in the Rx history', async () => {
    expect((await add(null, FORM)).statusCode).toBe(401);
    const member = await tokenFor(app);
    const res = await add(member.token, {
      ...FORM,
      drugName: 'Simvastatin',
      drugDosage: '20 mg',
      patientPaid: '$42.50',
      ndc: '0615-7993-30',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Drug added', id: expect.any(String) });

    const page = await userDrugs(member.token);
    expect(page.statusCode).toBe(200);
    const [row] = page.json().queryRes;
    expect(row).toMatchObject({
      id: res.json().id,
      drug_name: 'Simvastatin',
      drug_ndc: '00615799330',
      patient_paid: '42.50',
      brandDrugName: 'simvastatin 20 MG Oral Tablet [Zocor]',
      genericDrugName: 'simvastatin 20 MG Oral Tablet',
      bestPriceBrandSource: 'CMS NADAC, week of 2026-04-29',
      bestPriceGenericSource: 'CMS NADAC, week of 2026-04-29',
      brandSavings: null,
      priceDate: expect.stringMatching(/^2026-/),
      priceFormula: expect.stringMatching(/^Brand: 30 EA \(assumed 30 units.*; Generic: 30 EA/),
    });
    expect(Number(row.genericSavings)).toBeCloseTo(42.5 - Number(row.genericDrugBP), 2);
  });

  it("prices a page of claims in one go, by each fill's quantity, and keeps the paging and sort", async () => {
    const member = await tokenFor(app);
    const ds = dataSourceOf(app);
    const simvastatin = await createPrescription(ds, member.userId, { ...SIMVASTATIN, datePrescribed: '2025-02-01' });
    const unpriced = await createPrescription(ds, member.userId, {
      drugNdc: null,
      drugName: 'Fish Oil 1000 MG',
      datePrescribed: '2025-01-01',
    });
    await createPrescription(ds, member.userId, { ...WARFARIN, datePrescribed: '2024-12-01' });
    await ds.query(`UPDATE prescriptions SET quantity = 90, patient_paid = 4.00 WHERE id = $1`, [simvastatin]);

    const first = await userDrugs(member.token, '?limit=2');
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ total: 3, nextCursor: expect.any(String) });
    expect(body.queryRes.map((row: { id: string }) => row.id)).toEqual([simvastatin, unpriced]);
    const [priced, none] = body.queryRes;
    expect(priced.priceFormula).toMatch(/^Brand: 90 EA x \$\d+\.\d{5} NADAC per EA \(2026-\d\d-\d\d\) \+ \$10\.50 dispensing fee = \$/);
    expect(priced.genericSavings).toBeNull(); // $4.00 paid: less than the price
    expect(none).toMatchObject({ brandDrugBP: null, genericDrugBP: null, priceDate: null, priceFormula: null });

    const oldest = (await userDrugs(member.token, '?sort=oldest&limit=1')).json();
    expect(oldest.queryRes[0]).toMatchObject({ drug_ndc: WARFARIN.drugNdc, genericDrugBP: expect.stringMatching(/^\d+\.\d\d$/) });
    expect((await userDrugs(member.token, '?limit=0')).json()).toMatchObject({ code: 'HEALTH_DATA.VALIDATION' });
  });

  it('shows a bad price row as N/A (null), never $0, and logs it as DRUG_PRICE_INVALID with the NDC only', async () => {
    const member = await tokenFor(app);
    const ds = dataSourceOf(app);
    const ndc11 = `8${String(Date.now()).slice(-10)}`;
    await ds.query(
      `INSERT INTO nadac_prices (ndc11, source, per_unit, pricing_unit, effective_date, classification, otc, description, as_of)
       VALUES ($1, 'nadac-weekly', 0, 'EA', '2026-04-22', 'generic', false, 'TESTOPRIL 5 MG TABLET', '2026-04-29')`,
      [ndc11],
    );
    try {
      await createPrescription(ds, member.userId, { drugNdc: ndc11, drugName: 'Testopril 5 MG' });
      const [row] = (await userDrugs(member.token)).json().queryRes;
      expect(row).toMatchObject({ drug_ndc: ndc11, genericDrugBP: null, brandDrugBP: null, genericSavings: null, priceDate: null });
      const logged = await ds.query(`SELECT error_type, error_details FROM errors WHERE error_details ->> 'ndc' = $1`, [ndc11]);
      expect(logged).toEqual([
        { error_type: 'DRUG_PRICE_INVALID', error_details: { ndc: ndc11, source: 'nadac-weekly', reason: 'per-unit price is zero' } },
      ]);
    } finally {
      await ds.query(`DELETE FROM nadac_prices WHERE ndc11 = $1`, [ndc11]);
    }
  });

  it('answers 401 to GET /api/userDrugs without a session', async () => {
    expect((await app.inject({ method: 'GET', url: '/api/userDrugs' })).statusCode).toBe(401);
  });
});
