import {
  HealthDataErrorCode,
  LIST_PAGE_SIZE,
  type CurrentPlanWithCostResponse,
  type ExplanationOfBenefitsPage,
  type SpendingResponse,
  type UserDrugsPage,
} from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { UserReadCache } from '../../src/common/http/read-cache';
import { HealthDataService } from '../../src/modules/health-data';
import { buildCoverage, buildEob, buildMedicationRequest } from '../factories/health-data.factory';
import { pollUntil } from '../utils/poll';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

const DAY_MS = 86_400_000;
/** A date `days` before today (UTC), YYYY-MM-DD: the plan cost is over the 12 months to today. */
const daysAgo = (days: number): string => new Date(Date.now() - days * DAY_MS).toISOString().slice(0, 10);

describe('health data: GET /api/explanationOfBenefits, /api/userDrugs, /api/currentPlan/getUsersCurrentPlan, /api/spending', () => {
  let app: NestFastifyApplication;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app?.close());

  const get = (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
  const ingest = (userId: string, resources: Record<string, unknown>[], insurer = 'uhc') =>
    app.get(HealthDataService).ingest(userId, insurer, resources);
  /** A member with 23 claims: dates repeat, one has none; and a second member with claims of their own. */
  async function members() {
    const me = await tokenFor(app);
    const other = await tokenFor(app);
    const dates = [...Array.from({ length: 22 }, (_, i) => `2024-${String((i % 11) + 1).padStart(2, '0')}-20`), null];
    await ingest(
      me.userId,
      dates.map((date) => buildEob({ date })),
    );
    await ingest(other.userId, [buildEob({ date: '2024-06-01', diagnoses: [['J45.909', 'Unspecified asthma']] })]);
    return { me, other };
  }
  async function walk(token: string, query: string): Promise<{ ids: string[]; sizes: number[]; totals: number[] }> {
    const ids: string[] = [];
    const sizes: number[] = [];
    const totals: number[] = [];
    let cursor: string | null = null;
    do {
      const res = await get(`/api/explanationOfBenefits?${query}${cursor ? `&cursor=${cursor}` : ''}`, token);
      expect(res.statusCode).toBe(200);
      const page: ExplanationOfBenefitsPage = res.json();
      ids.push(...page.EOB.map((c) => c.id));
      sizes.push(page.EOB.length);
      totals.push(page.total);
      cursor = page.nextCursor;
    } while (cursor && sizes.length < 50);
    return { ids, sizes, totals };
  }

  it('answers 401 without a session on every read', async () => {
    for (const url of ['/api/explanationOfBenefits', '/api/userDrugs', '/api/currentPlan/getUsersCurrentPlan', '/api/spending']) {
      expect((await get(url)).statusCode).toBe(401);
    }
  });

  it('answers the first page of five without parameters, and walks every claim exactly once, newest first', async () => {
    const { me, other } = await members();
    const first = (await get('/api/explanationOfBenefits', me.token)).json() as ExplanationOfBenefitsPage;
    expect(first.EOB).toHaveLength(LIST_PAGE_SIZE);
    expect(first).toMatchObject({ total: 23, nextCursor: expect.any(String), asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(first.EOB[0]).toEqual({
      id: expect.any(String),
      date: '2024-11-20',
      type: 'professional',
      status: 'active',
      outcome: 'complete',
      payment_amount: '120.50',
      rendering_provider: 'Dr. Rivera',
      insurer: 'uhc',
      diagnoses: [{ id: '1', diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes mellitus without complications' }],
      procedures: [
        { id: 'p1', procedure_code: '99213', procedure_date: '2024-11-20', procedure_display: 'Office or other outpatient visit' },
      ],
    });

    const { ids, sizes, totals } = await walk(me.token, 'limit=4');
    expect(sizes).toEqual([4, 4, 4, 4, 4, 3]);
    expect(new Set(totals)).toEqual(new Set([23]));
    const stored: { id: string }[] = await dataSourceOf(app).query(
      `SELECT id FROM claims WHERE user_id = $1 ORDER BY service_date DESC NULLS LAST, id DESC`,
      [me.userId],
    );
    expect(ids).toEqual(stored.map((r) => r.id));

    const theirs = await walk(other.token, 'limit=100');
    expect(theirs.ids).toHaveLength(1);
    expect(ids).not.toContain(theirs.ids[0]);
  });

  it('searches every word in date, payment, type, provider, diagnosis and procedure; another member’s claims never match', async () => {
    const me = await tokenFor(app);
    const other = await tokenFor(app);
    await ingest(me.userId, [
      buildEob({ date: '2024-03-05', payment: 1505.9, diagnoses: [['E11.9', 'Type 2 diabetes mellitus']] }),
      buildEob({ date: '2023-07-01', provider: 'Valley Clinic', diagnoses: [['I10', 'Essential hypertension']] }),
      buildEob({ date: '2022-01-15', procedures: [['G0439', 'Annual wellness visit']], diagnoses: [] }),
    ]);
    await ingest(other.userId, [buildEob({ date: '2024-03-05', diagnoses: [['E11.9', 'Type 2 diabetes mellitus']] })]);
    const dates = async (search: string) => {
      const res = await get(`/api/explanationOfBenefits?limit=100&search=${encodeURIComponent(search)}`, me.token);
      expect(res.statusCode).toBe(200);
      return (res.json() as ExplanationOfBenefitsPage).EOB.map((c) => c.date);
    };
    await expect(dates('DIABETES')).resolves.toEqual(['2024-03-05']);
    await expect(dates('3/5/2024')).resolves.toEqual(['2024-03-05']);
    await expect(dates('$1,505.90')).resolves.toEqual(['2024-03-05']);
    await expect(dates('valley hypertension')).resolves.toEqual(['2023-07-01']);
    await expect(dates('wellness g0439')).resolves.toEqual(['2022-01-15']);
    await expect(dates('professional')).resolves.toEqual(['2024-03-05', '2023-07-01', '2022-01-15']);
    await expect(dates('diabetes hypertension')).resolves.toEqual([]);
    await expect(dates('   ')).resolves.toHaveLength(3);
    const one = (await get('/api/explanationOfBenefits?search=diabetes', me.token)).json() as ExplanationOfBenefitsPage;
    expect(one).toMatchObject({ total: 1, nextCursor: null });
    // A CARIN claim gives its payment as `payment` and again as `paidtoprovider`: it is counted once.
    expect(one.EOB[0].payment_amount).toBe('1505.90');
  });

  it('answers the pages up to the claim serviceID names, and 404 for a claim that is not the member’s', async () => {
    const { me, other } = await members();
    const all = await walk(me.token, 'limit=100');
    const res = await get(`/api/explanationOfBenefits?limit=5&serviceID=${all.ids[11]}`, me.token);
    expect(res.statusCode).toBe(200);
    const pages = res.json() as ExplanationOfBenefitsPage;
    expect(pages.EOB.map((c) => c.id)).toEqual(all.ids.slice(0, 15));
    const next = (await get(`/api/explanationOfBenefits?limit=5&cursor=${pages.nextCursor}`, me.token)).json() as ExplanationOfBenefitsPage;
    expect(next.EOB.map((c) => c.id)).toEqual(all.ids.slice(15, 20));

    const theirs = (await walk(other.token, 'limit=1')).ids[0];
    for (const serviceID of [theirs, randomUUID(), 'not-a-claim']) {
      const missing = await get(`/api/explanationOfBenefits?serviceID=${serviceID}`, me.token);
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: HealthDataErrorCode.ClaimNotFound, errors: [{ field: 'serviceID' }] });
    }
    // A claim the search does not match is not found either.
    expect((await get(`/api/explanationOfBenefits?search=asthma&serviceID=${all.ids[0]}`, me.token)).statusCode).toBe(404);
  });

  it.each([
    ['limit', 'limit=0'],
    ['limit', 'limit=101'],
    ['limit', 'limit=abc'],
    ['limit', 'limit=1&limit=2'],
    ['cursor', `cursor=${Buffer.from('["claims","2024-01-01","x"]').toString('base64url')}`],
    ['cursor', 'cursor=%E2%9C%93'],
    ['search', `search=${'a'.repeat(201)}`],
    ['search', 'search=diabetes%00'],
    ['serviceID', `serviceID=${randomUUID()}&cursor=WyJjbGFpbXMiXQ`],
    ['page', 'page=2'],
  ])('GET /api/explanationOfBenefits answers 400 naming %s (bad query %#)', async (field, query) => {
    const { token } = await tokenFor(app);
    const res = await get(`/api/explanationOfBenefits?${query}`, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual([{ field: expect.stringMatching(new RegExp(`(^|\\.)${field}$`)), message: expect.any(String) }]);
  });

  it('pages the member’s prescriptions newest or oldest first, undated last, prices unknown', async () => {
    const me = await tokenFor(app);
    const other = await tokenFor(app);
    await ingest(me.userId, [
      ...['2024-01-05', '2024-03-05', '2023-12-01', '2025-02-01'].map((authoredOn) => buildMedicationRequest({ authoredOn })),
      buildMedicationRequest({ authoredOn: null }),
      buildEob({ date: '2024-07-07', drug: { ndc: '00071015523', name: 'Atorvastatin 20 MG' }, payment: 30, patientPaid: 12 }),
    ]);
    await ingest(other.userId, [buildMedicationRequest({ authoredOn: '2024-02-02' })]);
    const walkRx = async (sort: string) => {
      const dates: (string | null)[] = [];
      let cursor: string | null = null;
      do {
        const res = await get(`/api/userDrugs?limit=2&sort=${sort}${cursor ? `&cursor=${cursor}` : ''}`, me.token);
        expect(res.statusCode).toBe(200);
        const page: UserDrugsPage = res.json();
        expect(page.total).toBe(6);
        dates.push(...page.queryRes.map((r) => r.date_prescribed));
        cursor = page.nextCursor;
      } while (cursor);
      return dates;
    };
    await expect(walkRx('newest')).resolves.toEqual(['2025-02-01', '2024-07-07', '2024-03-05', '2024-01-05', '2023-12-01', null]);
    await expect(walkRx('oldest')).resolves.toEqual(['2023-12-01', '2024-01-05', '2024-03-05', '2024-07-07', '2025-02-01', null]);
    const page = (await get('/api/userDrugs', me.token)).json() as UserDrugsPage;
    expect(page.queryRes).toHaveLength(LIST_PAGE_SIZE);
    expect(page.queryRes[1]).toMatchObject({
      drug_name: 'Atorvastatin 20 MG',
      drug_ndc: '00071015523',
      patient_paid: '12.00',
      insurer_paid: '30.00',
      total_price: '42.00',
      brandDrugBP: null,
      genericDrugBP: null,
      priceDate: null,
    });
    const newestCursor = page.nextCursor;
    const wrongOrder = await get(`/api/userDrugs?sort=oldest&cursor=${newestCursor}`, me.token);
    expect(wrongOrder.statusCode).toBe(400);
    expect(wrongOrder.json()).toMatchObject({ code: HealthDataErrorCode.Validation, errors: [{ field: 'cursor' }] });
    expect((await get('/api/userDrugs?sort=cheapest', me.token)).json()).toMatchObject({ errors: [{ field: 'sort' }] });
  });

  it('answers the current plan with its cost over the last 12 months: medical payments and the Rx share, no other insurer', async () => {
    const me = await tokenFor(app);
    await ingest(me.userId, [
      buildCoverage({ start: daysAgo(3 * 365), plan: 'Gold Plus (HMO)' }),
      buildEob({ date: daysAgo(30), payment: 200.25 }),
      buildEob({ date: daysAgo(400), payment: 5000 }),
      buildEob({ date: daysAgo(10), payment: 40, patientPaid: 9.5, drug: { ndc: '00071015523', name: 'Atorvastatin' } }),
    ]);
    await ingest(me.userId, [buildEob({ date: daysAgo(20), payment: 777 })], 'aetna');
    const res = await get('/api/currentPlan/getUsersCurrentPlan', me.token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      userCurrentPlan: [
        { marketing_name: 'Gold Plus (HMO)', plan_year: Number(daysAgo(3 * 365).slice(0, 4)), plan_name: 'Gold Plus (HMO)' },
      ],
      currentPlanCost: { medical: '200.25', rx: '9.50', total: '209.75', from: expect.any(String), to: daysAgo(0) },
    } satisfies CurrentPlanWithCostResponse);
    const { token } = await tokenFor(app);
    expect((await get('/api/currentPlan/getUsersCurrentPlan', token)).json()).toEqual({ userCurrentPlan: [], currentPlanCost: null });
  });

  it('answers the member’s spending by month and by year, oldest first', async () => {
    const me = await tokenFor(app);
    const other = await tokenFor(app);
    await ingest(me.userId, [
      buildEob({ date: '2024-01-10', payment: 100, patientPaid: 30, deductible: 30, copay: null }),
      buildEob({ date: '2024-01-20', payment: 50.25, patientPaid: 20, deductible: null, copay: 15, coinsurance: 5 }),
      buildEob({ date: '2025-03-01', payment: 10, patientPaid: 2, deductible: null, copay: 2 }),
    ]);
    await ingest(other.userId, [buildEob({ date: '2024-01-10', payment: 999, patientPaid: 999 })]);
    const byMonth = (await get('/api/spending', me.token)).json() as SpendingResponse;
    expect(byMonth).toEqual({
      by: 'month',
      periods: [
        { period: '2024-01', patient_paid: '50.00', deductible: '30.00', copay: '15.00', coinsurance: '5.00', insurer_paid: '150.25' },
        { period: '2025-03', patient_paid: '2.00', deductible: '0.00', copay: '2.00', coinsurance: '0.00', insurer_paid: '10.00' },
      ],
      asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(
      ((await get('/api/spending?by=year', me.token)).json() as SpendingResponse).periods.map((p) => [p.period, p.patient_paid]),
    ).toEqual([
      ['2024', '50.00'],
      ['2025', '2.00'],
    ]);
    const bad = await get('/api/spending?by=week', me.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: HealthDataErrorCode.Validation,
      errors: [{ field: 'by', message: 'by must be month or year' }],
    });
  });

  it('answers a repeated read from memory (same bytes, same ETag), and a change written elsewhere within a second', async () => {
    const me = await tokenFor(app);
    const other = await tokenFor(app);
    await ingest(me.userId, [buildEob({ date: '2025-02-01' })]);
    await ingest(other.userId, [buildEob({ date: '2025-02-02' })]);
    const url = '/api/explanationOfBenefits?limit=3';
    // The read cache answers once the app's listener is up (it connects at boot).
    expect(await pollUntil(async () => app.get(UserReadCache).trusted, Boolean, 5_000, 20)).toBe(true);
    const reads = jest.spyOn(app.get(HealthDataService), 'explanationOfBenefits');
    try {
      const first = await get(url, me.token);
      const again = await get(url, me.token);
      expect(again.statusCode).toBe(200);
      expect(again.body).toBe(first.body);
      expect(again.headers['content-type']).toBe(first.headers['content-type']);
      expect(again.headers.etag).toBe(first.headers.etag);
      const unchanged = await app.inject({
        method: 'GET',
        url,
        headers: { ...bearer(me.token), 'if-none-match': String(first.headers.etag) },
      });
      expect(unchanged.statusCode).toBe(304);
      expect(reads).toHaveBeenCalledTimes(1);

      const theirs = (await get(url, other.token)).json() as ExplanationOfBenefitsPage;
      expect(theirs.EOB.map((c) => c.date)).toEqual(['2025-02-02']);
      expect(reads).toHaveBeenCalledTimes(2);

      // As another process (or a staff member) would write it: only the NOTIFY tells this one.
      await dataSourceOf(app).query(`UPDATE claims SET status = 'cancelled' WHERE user_id = $1`, [me.userId]);
      const changed = await pollUntil(
        () => get(url, me.token).then((res) => res.json() as ExplanationOfBenefitsPage),
        (page) => page.EOB[0]?.status === 'cancelled',
        1_000,
        20,
      );
      expect(changed.EOB[0]?.status).toBe('cancelled');
      const after = await get(url, me.token);
      expect(after.headers.etag).not.toBe(first.headers.etag);
    } finally {
      reads.mockRestore();
    }
  });
});

describe('health data: claims stored by an older projection', () => {
  it('are projected again from their raw resources when the app boots', async () => {
    const first = await createTestApp();
    let userId: string;
    try {
      ({ userId } = await tokenFor(first));
      await first.get(HealthDataService).ingest(userId, 'uhc', [buildEob({ id: 'double-counted', payment: 1505.9, patientPaid: 40 })]);
      // As the store had it: every category of the totals summed, no patient share, an older projection.
      await dataSourceOf(first).query(
        `UPDATE claims SET payment_amount = 3011.80, patient_paid = NULL, projection_version = 0 WHERE user_id = $1`,
        [userId],
      );
    } finally {
      await first.close();
    }
    const second = await createTestApp();
    try {
      const claim = await pollUntil(
        async () =>
          (
            await dataSourceOf(second).query(
              `SELECT payment_amount::text AS paid, patient_paid::text AS patient, projection_version FROM claims WHERE user_id = $1`,
              [userId],
            )
          )[0],
        (row: { projection_version: number }) => row.projection_version > 0,
      );
      expect(claim).toMatchObject({ paid: '1505.90', patient: '40.00' });
    } finally {
      await second.close();
    }
  });
});
