import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../server';
import { createTrialsPartner, type TrialsPartner } from './trials.partner';
import { haversineMiles, type Study } from './study-store';
import { tokens } from './text-search';

const BASE = '/clinicaltrials/api/v2';
// Bethesda, MD (us_zip_geo's centre of 20814).
const BETHESDA = { lat: 38.99669, lon: -77.10217 };

describe('trials partner: ClinicalTrials.gov API v2 stand-in', () => {
  let app: FastifyInstance;
  let partner: TrialsPartner;
  beforeAll(async () => {
    partner = createTrialsPartner();
    app = await buildSandbox([partner]);
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });
  afterEach(async () => {
    await app.inject({ method: 'DELETE', url: '/clinicaltrials/_admin/faults' });
  });

  const get = (query: string) => app.inject({ method: 'GET', url: `${BASE}/studies${query ? `?${query}` : ''}` });
  const conditionWords = (s: Study) =>
    new Set(
      tokens(
        [
          ...(s.protocolSection.conditionsModule?.conditions ?? []),
          ...(s.protocolSection.conditionsModule?.keywords ?? []),
          ...(s.derivedSection?.conditionBrowseModule?.meshes ?? []).map((m) => m.term),
          ...(s.derivedSection?.conditionBrowseModule?.ancestors ?? []).map((m) => m.term),
          s.protocolSection.identificationModule.briefTitle ?? '',
          s.protocolSection.identificationModule.officialTitle ?? '',
        ].join(' '),
      ),
    );

  it('serves the first page of 10 by default, with a nextPageToken and, when asked, totalCount', async () => {
    const res = await get('countTotal=true');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.studies).toHaveLength(10);
    expect(body.totalCount).toBe(partner.store.size);
    expect(body.nextPageToken).toEqual(expect.any(String));
  });

  it('query.cond matches every word in the condition area; filter.overallStatus and filter.geo narrow it', async () => {
    const res = await get(
      `query.cond=${encodeURIComponent('type 2 diabetes mellitus')}&filter.overallStatus=RECRUITING,COMPLETED&filter.geo=${encodeURIComponent(
        `distance(${BETHESDA.lat},${BETHESDA.lon},100mi)`,
      )}&pageSize=1000`,
    );
    expect(res.statusCode).toBe(200);
    const studies = res.json().studies as Study[];
    expect(studies.length).toBeGreaterThan(0);
    let last = 0;
    for (const study of studies) {
      const words = conditionWords(study);
      for (const word of ['type', '2', 'diabete', 'mellitu']) expect(words.has(word)).toBe(true);
      expect(['RECRUITING', 'COMPLETED']).toContain(study.protocolSection.statusModule.overallStatus);
      const nearest = Math.min(
        ...(study.protocolSection.contactsLocationsModule?.locations ?? []).flatMap((l) =>
          l.geoPoint ? [haversineMiles(BETHESDA, l.geoPoint)] : [],
        ),
      );
      expect(nearest).toBeLessThanOrEqual(100);
      expect(nearest).toBeGreaterThanOrEqual(last);
      last = nearest;
    }
  });

  it('OR joins clauses; km distances are converted', async () => {
    const one = (await get('query.cond=hypertension&pageSize=1000')).json().studies.length;
    const other = (await get('query.cond=asthma&pageSize=1000')).json().studies.length;
    const both = (await get(`query.cond=${encodeURIComponent('hypertension OR asthma')}&pageSize=1000`)).json().studies.length;
    expect(both).toBeGreaterThan(Math.max(one, other));
    expect(both).toBeLessThanOrEqual(one + other);
    const geo = (d: string) =>
      `query.cond=cancer&filter.geo=${encodeURIComponent(`distance(${BETHESDA.lat},${BETHESDA.lon},${d})`)}&pageSize=1000`;
    expect((await get(geo('160.9344km'))).json().studies.length).toBe((await get(geo('100mi'))).json().studies.length);
  });

  it('pages by nextPageToken until the last page, which has none, without repeats', async () => {
    const all = (await get('query.cond=breast%20cancer&pageSize=1000')).json().studies as Study[];
    expect(all.length).toBeGreaterThan(25);
    const seen: string[] = [];
    let token: string | undefined;
    let pages = 0;
    do {
      const res = await get(`query.cond=breast%20cancer&pageSize=25${token ? `&pageToken=${token}` : ''}`);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      seen.push(...(body.studies as Study[]).map((s) => s.protocolSection.identificationModule.nctId));
      token = body.nextPageToken;
      pages++;
    } while (token && pages < 100);
    expect(seen).toEqual(all.map((s) => s.protocolSection.identificationModule.nctId));
  });

  it('a page token only works with the same search; pageSize over 1000 is coerced, 0 is the default', async () => {
    const first = (await get('query.cond=cancer&pageSize=5')).json();
    expect((await get(`query.cond=asthma&pageToken=${first.nextPageToken}`)).statusCode).toBe(400);
    expect((await get('pageToken=garbage')).statusCode).toBe(400);
    expect((await get('pageSize=5000')).json().studies).toHaveLength(1000);
    expect((await get('pageSize=0')).json().studies).toHaveLength(10);
  });

  it('fields projects by piece name or path', async () => {
    const res = await get('query.cond=asthma&fields=NCTId,OverallStatus,protocolSection.conditionsModule.conditions&pageSize=3');
    expect(res.statusCode).toBe(200);
    for (const study of res.json().studies) {
      expect(Object.keys(study)).toEqual(['protocolSection']);
      expect(Object.keys(study.protocolSection).sort()).toEqual(['conditionsModule', 'identificationModule', 'statusModule']);
      expect(Object.keys(study.protocolSection.identificationModule)).toEqual(['nctId']);
    }
  });

  it.each([
    ['filter.overallStatus=OPEN', /filter.overallStatus/],
    ['filter.geo=distance(38,-77)', /filter.geo/],
    ['pageSize=-1', /pageSize/],
    ['pageSize=ten', /pageSize/],
    ['countTotal=yes', /countTotal/],
    ['fields=NoSuchField', /fields/],
    ['query.cond=', /query.cond/],
    ['query.term=AREA%5BPhase%5DPHASE2', /query.term/],
    ['foo=bar', /unknown parameter/],
    ['query.cond=a&query.cond=b', /more than once/],
  ])('400 text/plain for %s', async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(message);
  });

  it('GET /studies/{nctId}: the study, 404 when unknown, 400 for a malformed id', async () => {
    const some = (await get('pageSize=1')).json().studies[0] as Study;
    const id = some.protocolSection.identificationModule.nctId;
    const one = await app.inject({ method: 'GET', url: `${BASE}/studies/${id.toLowerCase()}` });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(some);
    expect((await app.inject({ method: 'GET', url: `${BASE}/studies/NCT99999999` })).statusCode).toBe(404);
    expect((await app.inject({ method: 'GET', url: `${BASE}/studies/12345` })).statusCode).toBe(400);
  });

  it('GET /version reports the data timestamp (a snapshot date)', async () => {
    const res = await app.inject({ method: 'GET', url: `${BASE}/version` });
    expect(res.json()).toEqual({ apiVersion: expect.any(String), dataTimestamp: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
  });

  it('faults: status500 for `times` requests, then normal; slow delays; a bad fault is a 400', async () => {
    expect(
      (await app.inject({ method: 'POST', url: '/clinicaltrials/_admin/faults', payload: { kind: 'status500', times: 2 } })).statusCode,
    ).toBe(201);
    expect((await get('')).statusCode).toBe(500);
    expect((await get('')).statusCode).toBe(500);
    expect((await get('')).statusCode).toBe(200);
    await app.inject({ method: 'POST', url: '/clinicaltrials/_admin/faults', payload: { kind: 'slow', delayMs: 150, times: 1 } });
    const started = Date.now();
    expect((await get('')).statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    await app.inject({ method: 'POST', url: '/clinicaltrials/_admin/faults', payload: { kind: 'timeout', delayMs: 10 } });
    expect((await get('')).statusCode).toBe(504);
    const bad = await app.inject({ method: 'POST', url: '/clinicaltrials/_admin/faults', payload: { kind: 'explode' } });
    expect(bad.statusCode).toBe(400);
  });

  it('counts the API calls it served', async () => {
    await app.inject({ method: 'DELETE', url: '/clinicaltrials/_admin/stats' });
    await get('');
    await get('');
    expect((await app.inject({ method: 'GET', url: '/clinicaltrials/_admin/stats' })).json()).toEqual({
      studiesRequests: 2,
      studyRequests: 0,
    });
  });
});
