import {
  PlanTexts,
  type PlanBenefitsResponse,
  type PlanEstimate,
  type PlanRanksMissing,
  type PlanRanksResult,
  type PlanSearchResponse,
  type PollingEventResponse,
} from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { ConfigService } from '@nestjs/config';
import { ErrorRecorder } from '../../src/common/errors';
import { Mailer } from '../../src/common/mail';
import type { AppConfig } from '../../src/config';
import { PlanAlertsService } from '../../src/modules/plans/plan-alerts.service';
import { PlansRepository } from '../../src/modules/plans/plans.repository';
import { PlansService } from '../../src/modules/plans/plans.service';
import { pollUntil } from '../utils/poll';
import { startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

// Laramie, WY: Albany County, a county with few plans, so the whole list is checked against the data.
const ZIP = '82070';
const STATE = 'WY';
const COUNTY = 'Albany';
// The ranking's 12 months end on this day (PlansService.today is set to it), so the claims below are inside them.
const TODAY = '2026-06-30';
const SANDBOX_CRM_KEY = 'sandbox-crm-key';

const PLANS_DATA = join(__dirname, '..', '..', 'data', 'plans');
const csvRows = (file: string): Record<string, string>[] => {
  const [header, ...lines] = gunzipSync(readFileSync(join(PLANS_DATA, file)))
    .toString('utf8')
    .trim()
    .split('\n');
  const names = header!.split(',');
  // These two files hold no quoted commas in the columns read here (ids, states, counties, categories, types).
  return lines.map((line) => Object.fromEntries(line.split(',').map((value, i) => [names[i]!, value])));
};

/**
 * The plans the repo's data says are offered in Albany County, WY, read here apart from the code under test: listed
 * for Wyoming, for all its counties or for a county named Albany (the county file labels a multi-state plan's
 * counties with one of its states), with a Plan Finder page, not a Special Needs Plan.
 */
function offeredInAlbany(): { ranked: string[]; specialNeeds: number; noDetails: number } {
  const states = csvRows('landscape-plans-by-state_cy2026.csv.gz').filter((row) => row.state === STATE);
  const inState = new Map(states.map((row) => [row.bid_id!, row]));
  const county = new Set(
    csvRows('landscape-plan-counties_cy2026.csv.gz')
      .filter((row) => row.county === COUNTY && inState.has(row.bid_id!))
      .map((row) => row.bid_id!),
  );
  const details = new Set(
    gunzipSync(readFileSync(join(PLANS_DATA, 'plan-details_cy2026.jsonl.gz')))
      .toString('utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { contract_id: string; plan_id: string; segment_id: string })
      .map((plan) => `${plan.contract_id}_${plan.plan_id}_${plan.segment_id}`),
  );
  const offered = states.filter((row) => row.all_counties!.toLowerCase() === 'true' || county.has(row.bid_id!));
  const snp = (row: Record<string, string>) => row.category === 'SNP' || /SNP/.test(row.plan_type ?? '');
  const withDetails = offered.filter((row) => details.has(row.bid_id!));
  return {
    ranked: withDetails.filter((row) => !snp(row)).map((row) => row.bid_id!),
    specialNeeds: withDetails.filter(snp).length,
    noDetails: offered.length - withDetails.length,
  };
}

describe('Medicare plans: ranking, contact, estimate, benefits, searches, broker lead, season alert', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    sandbox = await startSandbox();
    app = await createTestApp({ SANDBOX_URL: sandbox.url });
    app.get(PlansService).today = () => TODAY;
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  const ds = () => dataSourceOf(app);
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string | null, payload?: object) =>
    app.inject({ method, url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

  async function settle<T>(token: string, pollingEventID: string): Promise<PollingEventResponse<T>> {
    const read = async () => (await call('GET', `/api/pollingEvent/${pollingEventID}`, token)).json() as PollingEventResponse<T>;
    return pollUntil(read, (event) => event.status !== 'pending', 30_000, 50);
  }
  async function ranks(token: string): Promise<PollingEventResponse<PlanRanksResult | PlanRanksMissing>> {
    const started = await call('GET', '/api/planRanks/getAllPlanRanks', token);
    expect(started.statusCode).toBe(200);
    return settle(token, (started.json() as { pollingEventID: string }).pollingEventID);
  }
  async function search(token: string, path: string, body: object): Promise<PollingEventResponse<PlanSearchResponse>> {
    const started = await call('POST', path, token, body);
    expect(started.statusCode).toBe(202);
    return settle(token, (started.json() as { pollingEventID: string }).pollingEventID);
  }

  /**
   * A member in Laramie with a year of care: two office visits with Dr. Lee ($100 and $120 allowed), a lab ($30) and
   * atorvastatin filled monthly ($15 a fill, $5 of it theirs). No coverage on record: net impact is against what they
   * paid ($20 + $24 + $6 + 12 x $5 = $110).
   */
  async function laramieMember(options: { zip?: string | null; extraPaid?: number } = {}) {
    const user = await tokenFor(app);
    if (options.zip !== null) {
      await ds().query(`INSERT INTO patient_info (user_id, source, postal_code) VALUES ($1, 'uhc', $2)`, [user.userId, options.zip ?? ZIP]);
    }
    const claim = (id: string, date: string, paid: number, patient: number, line: object, provider: string) =>
      ds().query(
        `INSERT INTO claims (user_id, insurer_key, source_id, claim_type, status, service_date, payment_amount, patient_paid,
           rendering_provider, care_lines, projection_version)
         VALUES ($1, 'uhc', $2, 'professional', 'active', $3, $4, $5, $6, $7::jsonb, 32767)`,
        [user.userId, id, date, paid, patient, provider, JSON.stringify([line])],
      );
    await claim('visit-1', '2025-09-10', 80, 20, { code: '99213', placeOfService: '11', revenue: null, allowed: 100 }, 'Dr. Lee');
    await claim('visit-2', '2026-01-15', 96, 24, { code: '99213', placeOfService: '11', revenue: null, allowed: 120 }, 'Dr. Lee');
    await claim('lab-1', '2026-02-01', 24, 6, { code: '80053', placeOfService: '81', revenue: null, allowed: 30 }, 'Lab');
    if (options.extraPaid) {
      const paid = options.extraPaid;
      await claim(
        'visit-3',
        '2026-03-01',
        300,
        paid,
        { code: '99213', placeOfService: '11', revenue: null, allowed: 300 + paid },
        'Dr. Lee',
      );
    }
    for (let month = 0; month < 12; month++) {
      const filled = new Date(Date.UTC(2025, 6 + month, 5)).toISOString().slice(0, 10);
      await ds().query(
        `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_name, drug_ndc, date_prescribed, quantity, days_supply,
           patient_paid, total_price, source_kind)
         VALUES ($1, 'uhc', $2, 'Atorvastatin 20 MG Oral Tablet', '00093505910', $3, 30, 30, 5, 15, 'claim')`,
        [user.userId, `fill-${month}`, filled],
      );
    }
    return user;
  }

  it('ranks exactly the plans the data offers in the county, and two totals match a hand computation to the cent', async () => {
    const { token } = await laramieMember();
    const event = await ranks(token);
    expect(event.status).toBe('complete');
    const result = event.response as PlanRanksResult;
    const rows = result.result.flatMap((group) => group.Value.rows);
    const expected = offeredInAlbany();
    expect(rows.map((row) => row.bidId).sort()).toEqual([...expected.ranked].sort());
    expect(result.excluded).toEqual({ specialNeeds: expected.specialNeeds, noCostDetails: expected.noDetails });
    expect(result.place).toMatchObject({ zip: ZIP, state: STATE, county: `${COUNTY} County`, source: 'profile' });
    expect(result.inputs).toMatchObject({ from: '2025-07-01', to: TODAY, claims: 3, drugs: 1 });
    expect(result.dataAsOf).toBe('2026-01-14');
    expect(rows.map((row) => row.rank)).toEqual(rows.map((_, i) => i + 1));
    const totals = rows.map((row) => Number(row.columns[5]!.replace(/[$,]/g, '')));
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(result.currentPlan).toEqual({ name: 'Your current coverage', bidId: null, yearlyCost: '$110.00', basis: 'actual-payments' });

    /*
     * WyoBlue Advantage Essential PPO (H9326_001_0), in network:
     *   premium $59.00 x 12                                                   $708.00
     *   health deductible $200, in date order: visit 1 $100, $100 of visit 2    $200.00
     *   the rest of visit 2: primary doctor $0 copay                             $0.00
     *   lab: $25 copay (the lab cost $30)                                       $25.00
     *   atorvastatin: 12 x $15 = $180, all toward the $615 drug deductible      $180.00
     *   total                                                                  $1,113.00   (net impact $1,113 - $110 = $1,003.00)
     * MedicareBlue Rx Standard (S5743_001_0), a drug plan with Original Medicare:
     *   premium $101.00 x 12                                                 $1,212.00
     *   Part B deductible $283: visit 1 $100 + visit 2 $120 (the lab is $0)    $220.00
     *   20% of what is left after the deductible: nothing                        $0.00
     *   atorvastatin: $180, all toward the $615 drug deductible                 $180.00
     *   total                                                                  $1,612.00   (net impact $1,502.00)
     */
    const wyoBlue = rows.find((row) => row.bidId === 'H9326_001_0')!;
    const medicareBlue = rows.find((row) => row.bidId === 'S5743_001_0')!;
    expect(wyoBlue.columns.slice(5, 11)).toEqual(['$1,113.00', '$708.00', '$303.60', '$404.40', '$225.00', '$180.00']);
    expect(wyoBlue.columns.slice(11, 14)).toEqual(['$59.00', '$18.75', '$15.00']);
    expect(wyoBlue.columns[16]).toBe('$1,003.00');
    expect(wyoBlue.netImpact).toBe(1003);
    expect(medicareBlue.columns.slice(5, 11)).toEqual(['$1,612.00', '$1,212.00', '$0.00', '$1,212.00', '$220.00', '$180.00']);
    expect(medicareBlue.columns[16]).toBe('$1,502.00');

    const estimate = await call('GET', '/api/planRanks/estimate?bidId=H9326_001_0', token);
    expect(estimate.statusCode).toBe(200);
    const arithmetic = estimate.json() as PlanEstimate;
    expect(arithmetic).toMatchObject({ bidId: 'H9326_001_0', total: '$1,113.00', dataAsOf: '2026-01-14' });
    expect(arithmetic.medical.total).toBe('$225.00');
    expect(arithmetic.pharmacy.total).toBe('$180.00');
    expect(arithmetic.medical.lines.map((line) => line.planText)).toContain('In-network: $25 copay | Out-of-network: $25 copay');
  });

  it('missing without a ZIP; the contact form (session ids, not the body) then re-trigger ranks the county', async () => {
    const { token, userId } = await laramieMember({ zip: null });
    const missing = await ranks(token);
    expect(missing).toMatchObject({ status: 'missing', response: { reason: 'no-zip', message: PlanTexts.missingZip } });

    const form = {
      gender: 'female',
      birthDate: '1958-01-01',
      streetAddress: '1 Ivinson Ave',
      city: 'Laramie',
      state: 'WY',
      postalCode: ZIP,
      userId: '00000000-0000-4000-8000-000000000000',
      email: 'someone.else@example.com',
    };
    const created = await call('POST', '/api/planRanks/createContact', token, form);
    expect(created.statusCode).toBe(200);
    const stored = await ds().query(`SELECT user_id, state, postal_code FROM plan_contacts WHERE user_id = $1`, [userId]);
    expect(stored).toEqual([{ user_id: userId, state: 'WY', postal_code: ZIP }]);
    expect(await ds().query(`SELECT 1 FROM plan_contacts WHERE user_id = $1`, [form.userId])).toEqual([]);

    expect((await call('POST', '/api/planRanks/reTriggerPlanRanks', token)).statusCode).toBe(200);
    const ranked = await ranks(token);
    expect(ranked.status).toBe('complete');
    expect((ranked.response as PlanRanksResult).place).toMatchObject({ county: `${COUNTY} County`, source: 'contact' });
  });

  it.each([
    ['no sex', { gender: undefined }, 'gender', PlanTexts.fieldRequired],
    ['an impossible birth date', { birthDate: '2001-02-30' }, 'birthDate', PlanTexts.birthDateInvalid],
    ['a state that is not one of the 50', { state: 'PR' }, 'state', PlanTexts.stateInvalid],
    ['a 4-digit ZIP', { postalCode: '8207' }, 'postalCode', PlanTexts.postalCodeInvalid],
    ['a huge street', { streetAddress: 'x'.repeat(5000) }, 'streetAddress', PlanTexts.textInvalid],
  ])('createContact with %s is a 400 naming the field, and stores nothing', async (_what, change, field, message) => {
    const { token, userId } = await tokenFor(app);
    const body = {
      gender: 'male',
      birthDate: '2001-01-01',
      streetAddress: '1 Main',
      city: 'Laramie',
      state: 'WY',
      postalCode: ZIP,
      ...change,
    };
    const res = await call('POST', '/api/planRanks/createContact', token, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'PLANS.VALIDATION', errors: [{ field, message }] });
    expect(await ds().query(`SELECT 1 FROM plan_contacts WHERE user_id = $1`, [userId])).toEqual([]);
  });

  it('createContact with a NUL or a lone surrogate is a 400 naming the field (the request layer), never a 500', async () => {
    const { token, userId } = await tokenFor(app);
    const body = { gender: 'male', birthDate: '2001-01-01', streetAddress: '1 Main', city: 'Laramie', state: 'WY', postalCode: ZIP };
    for (const city of ['Lara\u0000mie', 'Lara\ud800mie']) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/planRanks/createContact',
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: JSON.stringify({ ...body, city }),
      });
      expect(res.statusCode).toBe(400);
      expect((res.json() as { errors: { field: string }[] }).errors.map((error) => error.field)).toContain('city');
    }
    expect(await ds().query(`SELECT 1 FROM plan_contacts WHERE user_id = $1`, [userId])).toEqual([]);
  });

  it('401 without a session; estimate 400 for a malformed id and 404 for a plan not ranked', async () => {
    expect((await call('GET', '/api/planRanks/getAllPlanRanks', null)).statusCode).toBe(401);
    expect((await call('POST', '/api/planBenefits', null, { hNumber: 'H9326', planIdentifier: '001_0' })).statusCode).toBe(401);
    const { token } = await tokenFor(app);
    expect((await call('GET', '/api/planRanks/estimate?bidId=DROP%20TABLE', token)).json()).toMatchObject({ code: 'PLANS.VALIDATION' });
    const notRanked = await call('GET', '/api/planRanks/estimate?bidId=H9326_001_0', token);
    expect(notRanked.statusCode).toBe(404);
    expect(notRanked.json()).toMatchObject({ code: 'PLANS.ESTIMATE_NOT_FOUND' });
  });

  it('plan benefits: the extras as published, 404 for an unknown plan, 400 for a malformed one', async () => {
    const { token } = await tokenFor(app);
    const res = await call('POST', '/api/planBenefits', token, { hNumber: 'H0104', planIdentifier: '012_0' });
    expect(res.statusCode).toBe(200);
    const benefits = res.json() as PlanBenefitsResponse;
    expect(benefits.enhancedBenefits.pbp_b14c_bendesc_ehc).toContainEqual(
      expect.objectContaining({
        name: 'Hearing aids - prescription',
        value: 'In-network: $499-$999 copay | Out-of-network: $499-$999 copay',
      }),
    );
    expect(benefits.enhancedBenefits.pbp_b14c_bendesc_ehc.every((item) => item.value !== 'Not covered')).toBe(true);
    expect(benefits.dataAsOf).toBe('2026-01-14');
    expect((await call('POST', '/api/planBenefits', token, { hNumber: 'H0104', planIdentifier: '999_9' })).statusCode).toBe(404);
    const bad = await call('POST', '/api/planBenefits', token, { hNumber: 'X1', planIdentifier: '012' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'PLANS.VALIDATION', errors: [{ field: 'hNumber' }] });
  });

  it("doctor and drug searches: a table with what it can't say, or the spec's statuses", async () => {
    const { token } = await laramieMember();
    const carrier = 'WyoBlue Advantage';
    const plan = (await ds().query(`SELECT carrier FROM plans WHERE bid_id = 'H9326_001_0'`)) as { carrier: string }[];
    expect(plan[0]!.carrier).toBe(carrier);

    // Doctors in the member's state only: the sample's two Wyoming doctors named Turner; Wiebe practises in Nebraska.
    const doctors = await search(token, '/api/providerSearch', { carrier, providerName: 'turner' });
    expect(doctors.status).toBe('complete');
    expect(doctors.response!.status).toBe('complete');
    expect(doctors.response!.response!.tableData.map((row) => row.at(-1)).sort()).toEqual(['1568465797', '1902809130']);
    expect(doctors.response!.response!.note).toMatch(/not who is in WyoBlue Advantage's network/);
    expect((await search(token, '/api/providerSearch', { carrier, providerName: 'Wiebe' })).response!.status).toBe(
      PlanTexts.searchNoProviders,
    );
    expect((await search(token, '/api/providerSearch', { carrier: 'Nobody Health', providerName: 'Wiebe' })).response!.status).toBe(
      PlanTexts.searchNoCarrier,
    );

    const drugs = await search(token, '/api/drugFormularySearch', { carrier, drugName: 'atorvastatin', bidId: 'H9326_001_0' });
    expect(drugs.response!.status).toBe('complete');
    const table = drugs.response!.response!;
    expect(table.tableHeaders).toEqual(['Plan', 'Drug', 'Estimated tier', 'Your cost for 30 days', 'Drug deductible']);
    expect(table.tableData).toHaveLength(1);
    expect(table.tableData[0]![0]).toBe('WyoBlue Advantage Essential PPO (PPO)');
    expect(table.tableData[0]![4]).toBe('$615.00');
    expect(table.note).toMatch(/no formulary/);
    expect((await search(token, '/api/drugFormularySearch', { carrier, drugName: 'qqqxyzzy' })).response!.status).toBe(
      PlanTexts.searchNoDrug,
    );

    const empty = await call('POST', '/api/providerSearch', token, { carrier, providerName: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'PLANS.VALIDATION', errors: [{ field: 'providerName', message: PlanTexts.fieldRequired }] });
  });

  it('a broker lead reaches the CRM with contact details and the plan, and nothing of health', async () => {
    const { token } = await laramieMember();
    const phone = `307555${String(Date.now()).slice(-4)}`;
    const res = await call('POST', '/api/eliteInsurance/generateLead', token, {
      phoneNumber: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`,
      bidId: 'H9326_001_0',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: PlanTexts.leadSent });
    const listed = await pollUntil(
      async () =>
        (await (
          await fetch(`${sandbox.url}/crm/leads?phone=${phone}`, { headers: { authorization: `Bearer ${SANDBOX_CRM_KEY}` } })
        ).json()) as {
          leads: { lead: Record<string, unknown> }[];
        },
      (body) => body.leads.length > 0,
      20_000,
      100,
    );
    expect(listed.leads).toHaveLength(1);
    const lead = listed.leads[0]!.lead;
    expect(lead).toMatchObject({ phone, plan: { bidId: 'H9326_001_0', name: 'WyoBlue Advantage Essential PPO (PPO)' } });
    expect(JSON.stringify(lead)).not.toMatch(/99213|atorvastatin|80053|Dr\. Lee/i);

    const bad = await call('POST', '/api/eliteInsurance/generateLead', token, { phoneNumber: '12' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ errors: [{ field: 'phoneNumber' }] });
  });

  it('the season e-mail goes once to an opted-in member with a cheaper plan, and never to one who opted out', async () => {
    // $3,000 of their own money on one visit: every plan in the county would have cost them far less.
    const optedIn = await laramieMember({ extraPaid: 3000 });
    const optedOut = await laramieMember({ extraPaid: 3000 });
    expect((await call('PUT', '/api/planRanks/alerts', optedIn.token, { optedIn: true })).json()).toEqual({ optedIn: true });
    expect((await call('GET', '/api/planRanks/alerts', optedIn.token)).json()).toEqual({ optedIn: true });
    await call('PUT', '/api/planRanks/alerts', optedOut.token, { optedIn: true });
    await call('PUT', '/api/planRanks/alerts', optedOut.token, { optedIn: false });
    expect((await call('PUT', '/api/planRanks/alerts', optedIn.token, { optedIn: 'yes' })).statusCode).toBe(400);

    // The app's own service, its mail sent over SMTP to the sandbox's inbox (the product's default relay) rather than
    // the run's catcher: the app's other mail stays with the catcher, where the other test files read theirs.
    const config = app.get<ConfigService<AppConfig, true>>(ConfigService);
    const sandboxMail = {
      get: (key: keyof AppConfig) =>
        key === 'mail' ? { ...config.get('mail', { infer: true }), port: sandbox.smtpPort } : config.get(key),
    };
    const mailer = new Mailer(sandboxMail as unknown as ConfigService<AppConfig, true>, app.get(ErrorRecorder));
    const alerts = new PlanAlertsService(app.get(PlansRepository), app.get(PlansService), mailer, config);
    const inbox = async (to: string) =>
      (await (await fetch(`${sandbox.url}/mail/messages?to=${encodeURIComponent(to)}`)).json()) as { subject: string; text: string }[];
    try {
      alerts.now = () => new Date('2026-01-20T12:00:00Z');
      expect(await alerts.sweep()).toMatchObject({ 'not-season': 1, sent: 0 });
      alerts.now = () => new Date('2026-11-01T12:00:00Z');
      await alerts.sweep();
      await alerts.sweep();
    } finally {
      mailer.onModuleDestroy();
    }
    const mails = await pollUntil(
      () => inbox(optedIn.email),
      (found) => found.length > 0,
      10_000,
      100,
    );
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('A Medicare plan near you may cost less');
    expect(mails[0]!.text).toContain('/medicareOptions');
    expect(mails[0]!.text).not.toMatch(/99213|atorvastatin|Dr\. Lee|WyoBlue|82070|\$3,000/);
    expect(await inbox(optedOut.email)).toEqual([]);
  });
});
