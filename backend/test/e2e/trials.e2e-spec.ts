import { ClinicalTrialsTexts, type ClinicalTrialsResult, type PollingEventResponse } from '@healthlink/contracts';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { pollUntil } from '../utils/poll';
import { startSandbox, type RunningSandbox } from '../utils/sandbox';
import { bearer, createTestApp, dataSourceOf, tokenFor } from '../utils/test-app';

// The member: type 2 diabetes (a claim's diagnosis) and hypertension (an active condition), a woman born
// 1968-04-02, living in Bethesda, MD (ZIP 20814, whose ZCTA centre us_zip_geo gives as below).
const HOME = { zip: '20814', lat: 39.00506, lon: -77.10295 };
const BIRTHDATE = '1968-04-02';

/** The sandbox's own data, read here independently of the code under test. */
interface RawStudy {
  protocolSection: {
    identificationModule: { nctId: string; briefTitle: string };
    statusModule: { overallStatus: string };
    conditionsModule?: { conditions?: string[]; keywords?: string[] };
    eligibilityModule?: { minimumAge?: string; maximumAge?: string; sex?: string };
    contactsLocationsModule?: { locations?: { geoPoint?: { lat: number; lon: number } }[] };
  };
  derivedSection?: { conditionBrowseModule?: { meshes?: { term: string }[] } };
}
const RAW = new Map<string, RawStudy>(
  gunzipSync(readFileSync(join(__dirname, '..', '..', '..', 'sandbox', 'data', 'trials', 'studies-us.jsonl.gz')))
    .toString('utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as RawStudy)
    .map((s) => [s.protocolSection.identificationModule.nctId, s]),
);

const miles = (a: { lat: number; lon: number }, b: { lat: number; lon: number }) => {
  const r = Math.PI / 180;
  const h = Math.sin(((b.lat - a.lat) * r) / 2) ** 2 + Math.cos(a.lat * r) * Math.cos(b.lat * r) * Math.sin(((b.lon - a.lon) * r) / 2) ** 2;
  return 2 * 3958.7613 * Math.asin(Math.sqrt(h));
};
const yearsOn = (birth: string, day: Date) => {
  const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
  const age = day.getUTCFullYear() - y;
  return day.getUTCMonth() + 1 < m || (day.getUTCMonth() + 1 === m && day.getUTCDate() < d) ? age - 1 : age;
};
const limitYears = (text: string | undefined): number | null => {
  const m = /^(\d+) (Year|Month|Week|Day)s?$/.exec(text ?? '');
  if (!m) return null;
  const per = { Year: 1, Month: 12, Week: 52.1775, Day: 365.25 }[m[2] as 'Year'];
  return Number(m[1]) / per;
};
// The member's two diseases as registry records write them ("Types 1 & 2 Diabetes" names type 2 as well).
const CONDITION = /type (2|ii) diabetes|types? 1 (&|and) 2 diabetes|diabetes mellitus,? type (2|ii)|hypertension/i;

describe('GET /api/clinicalTrials/retrieveClinicalTrials (against the sandbox registry)', () => {
  let sandbox: RunningSandbox;
  let app: NestFastifyApplication;

  beforeAll(async () => {
    sandbox = await startSandbox();
    app = await createTestApp({ SANDBOX_URL: sandbox.url });
  }, 180_000);
  afterAll(async () => {
    await app?.close();
    await sandbox?.stop();
  });

  const trialsFault = (method: 'POST' | 'DELETE', body?: object) =>
    fetch(`${sandbox.url}/clinicaltrials/_admin/faults`, {
      method,
      headers: body ? { 'content-type': 'application/json' } : {},
      body: body ? JSON.stringify(body) : undefined,
    });
  const retrieve = (token: string | null, query = '') =>
    app.inject({ method: 'GET', url: `/api/clinicalTrials/retrieveClinicalTrials${query}`, headers: token ? bearer(token) : {} });
  async function outcome(token: string, query = ''): Promise<PollingEventResponse> {
    const started = await retrieve(token, query);
    expect(started.statusCode).toBe(200);
    const { pollingEventID } = started.json() as { pollingEventID: string };
    const read = async () =>
      (
        await app.inject({ method: 'GET', url: `/api/pollingEvent/${pollingEventID}`, headers: bearer(token) })
      ).json() as PollingEventResponse;
    return pollUntil(read, (event) => event.status !== 'pending', 30_000, 100);
  }

  async function member(options: { zip?: string | null } = {}) {
    const user = await tokenFor(app);
    const ds = dataSourceOf(app);
    await ds.query(`INSERT INTO patient_info (user_id, source, postal_code, birthdate, gender) VALUES ($1, 'uhc', $2, $3, 'female')`, [
      user.userId,
      options.zip === undefined ? HOME.zip : options.zip,
      BIRTHDATE,
    ]);
    await ds.query(
      `INSERT INTO claims (user_id, insurer_key, source_id, service_date, diagnoses)
       VALUES ($1, 'uhc', 'eob-1', '2025-03-04', '[{"id":"1","diagnosis_code":"E11.9","diagnosis_display":"Type 2 diabetes mellitus without complications"}]')`,
      [user.userId],
    );
    await ds.query(
      `INSERT INTO conditions (user_id, insurer_key, source_id, code_system, code, display, clinical_status)
       VALUES ($1, 'uhc', 'cond-1', 'http://hl7.org/fhir/sid/icd-10-cm', 'I10', 'Essential hypertension', 'active')`,
      [user.userId],
    );
    return user;
  }

  it('an empty radius is the default radius (a cleared input), not an error', async () => {
    const { token } = await member({ zip: null });
    const event = await outcome(token, '?radius=');
    expect(event).toMatchObject({ status: 'missing', response: { radiusMiles: 100 } });
  });

  it('401 without a session; 400 naming radius when it is out of its rules', async () => {
    expect((await retrieve(null)).statusCode).toBe(401);
    const { token } = await tokenFor(app);
    for (const radius of ['0', '501', 'abc', '12.5']) {
      const res = await retrieve(token, `?radius=${radius}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'TRIALS.VALIDATION',
        errors: [{ field: 'radius', message: ClinicalTrialsTexts.radiusInvalid }],
      });
    }
  });

  it.each([
    ['a repeated radius', '?radius=10&radius=20'],
    ['radius=abc', '?radius=abc'],
    ['radius=0', '?radius=0'],
    ['radius=501', '?radius=501'],
    ['a NUL byte', '?radius=%00'],
    ['a radius in brackets', '?radius[]=10'],
    ['radius=1e2', '?radius=1e2'],
  ])('%s is a 400 naming radius, never a 500, and starts nothing', async (_what, query) => {
    const { token, userId } = await tokenFor(app);
    const res = await retrieve(token, query);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { code: string; errors: { field: string; message: string }[] };
    // The hostile-input layer names the query parameter as sent (`query.radius`, `radius[]`); the DTO and the rule `radius`.
    expect(body.errors.map((e) => e.field)).toContainEqual(expect.stringMatching(/^(query\.)?radius(\[\])?$/));
    expect(body.errors.every((e) => typeof e.message === 'string' && e.message.length > 0)).toBe(true);
    const [{ n }] = await dataSourceOf(app).query(`SELECT count(*)::int AS n FROM polling_events WHERE owner_user_id = $1`, [userId]);
    expect(n).toBe(0);
  });

  it('the member pending search is answered again for the same radius; past 20 in 15 minutes the limit is a 429', async () => {
    const { token, userId } = await tokenFor(app);
    // No ZIP and no diagnoses: each search ends at once as missing; reuse applies only while one is pending.
    const ids = new Set<string>();
    for (let i = 0; i < 20; i++) {
      const res = await retrieve(token, `?radius=${1 + (i % 2)}`);
      expect(res.statusCode).toBe(200);
      ids.add((res.json() as { pollingEventID: string }).pollingEventID);
    }
    const [{ n }] = await dataSourceOf(app).query(`SELECT count(*)::int AS n FROM polling_events WHERE owner_user_id = $1`, [userId]);
    expect(n).toBe(ids.size);
    const limited = await retrieve(token, '?radius=3');
    expect(limited.statusCode).toBe(429);
    expect(limited.headers['retry-after']).toMatch(/^\d+$/);
    // Another member has a limit of their own.
    const other = await tokenFor(app);
    expect((await retrieve(other.token)).statusCode).toBe(200);
  });

  it('a member with type 2 diabetes and hypertension gets only studies that match, admit her, lie within the radius, recruiting first', async () => {
    const { token } = await member();
    const event = await outcome(token);
    expect(event.status).toBe('complete');
    const result = event.response as ClinicalTrialsResult;
    expect(result).toMatchObject({ radiusMiles: 100, zip: HOME.zip, asOf: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(result.diagnosesSearched.map((d) => d.code)).toEqual(['E11.9', 'I10']);
    expect(result.trials.length).toBeGreaterThan(0);

    const today = new Date();
    const age = yearsOn(BIRTHDATE, today);
    for (const trial of result.trials) {
      const raw = RAW.get(trial.nctId);
      expect(raw).toBeDefined();
      const p = raw!.protocolSection;
      expect(trial.briefTitle).toBe(p.identificationModule.briefTitle);
      expect(trial.overallStatus).toBe(p.statusModule.overallStatus);
      const conditionText = [
        ...(p.conditionsModule?.conditions ?? []),
        ...(p.conditionsModule?.keywords ?? []),
        ...(raw!.derivedSection?.conditionBrowseModule?.meshes ?? []).map((m) => m.term),
      ].join(' | ');
      expect(conditionText).toMatch(CONDITION);
      const min = limitYears(p.eligibilityModule?.minimumAge);
      const max = limitYears(p.eligibilityModule?.maximumAge);
      if (min !== null) expect(age).toBeGreaterThanOrEqual(Math.floor(min));
      if (max !== null) expect(age).toBeLessThanOrEqual(max);
      expect(['ALL', 'FEMALE', undefined]).toContain(p.eligibilityModule?.sex);
      const nearest = Math.min(
        ...(p.contactsLocationsModule?.locations ?? []).flatMap((l) => (l.geoPoint ? [miles(HOME, l.geoPoint)] : [])),
      );
      expect(nearest).toBeLessThanOrEqual(100);
      expect(trial.distanceMiles).toBeCloseTo(nearest, 0);
      expect(trial.matchReasons.length).toBeGreaterThan(0);
      expect(trial.matchReasons[0]!.text).toMatch(
        /^your diagnosis (E11\.9, type 2 diabetes mellitus without complications|I10, essential \(primary\) hypertension)$/,
      );
    }
    const recruiting = result.trials.map((t) => t.overallStatus === 'RECRUITING');
    expect(recruiting[0]).toBe(true);
    expect(recruiting.indexOf(false) === -1 || recruiting.lastIndexOf(true) < recruiting.indexOf(false)).toBe(true);

    // Nothing changed: the stored list is answered again.
    const again = await outcome(token);
    expect(again.response).toEqual(result);
  });

  it('a smaller radius recomputes and keeps only nearer studies', async () => {
    const { token } = await member();
    const wide = (await outcome(token)).response as ClinicalTrialsResult;
    const narrow = (await outcome(token, '?radius=10')).response as ClinicalTrialsResult;
    expect(narrow.radiusMiles).toBe(10);
    expect(narrow.trials.length).toBeLessThan(wide.trials.length);
    for (const trial of narrow.trials) expect(trial.distanceMiles).toBeLessThanOrEqual(10);
  });

  it('missing, with the reason, for a member without a ZIP', async () => {
    const { token } = await member({ zip: null });
    const event = await outcome(token);
    expect(event).toMatchObject({ status: 'missing', response: { reason: 'no-zip', message: ClinicalTrialsTexts.missingZip } });
  });

  it("the registry failing ends the search with the spec's text", async () => {
    const { token } = await member({ zip: '20815' });
    expect((await trialsFault('POST', { kind: 'status500' })).status).toBe(201);
    try {
      const event = await outcome(token);
      expect(event).toMatchObject({ status: 'error', response: { message: ClinicalTrialsTexts.widgetFailed } });
      // The other widgets' reads do not depend on the registry.
      const history = await app.inject({ method: 'GET', url: '/api/explanationOfBenefits?limit=3', headers: bearer(token) });
      expect(history.statusCode).toBe(200);
    } finally {
      await trialsFault('DELETE');
    }
  }, 60_000);
});
