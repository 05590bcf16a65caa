import type { FastifyInstance } from 'fastify';
import { buildSandbox } from '../server';
import { createInsurersPartner } from './insurers.partner';
import { fhirGet, HOST, linkMember, startInsurers, type TestSandbox } from './test-support';

interface Entry {
  resource: { id: string; meta?: { lastUpdated?: string } };
}
interface Bundle {
  total: number;
  link: { relation: string; url: string }[];
  entry: Entry[];
}

/** `_lastUpdated` on every search, over `meta.lastUpdated`, paged like any search. */
describe('insurers partner: _lastUpdated searches', () => {
  let sb: TestSandbox;
  beforeEach(async () => {
    sb = await startInsurers();
  });
  afterEach(async () => {
    await sb.app.close();
  });

  const stamps = (bundle: Bundle) => bundle.entry.map((e) => e.resource.meta?.lastUpdated as string);

  it('sets meta.lastUpdated on every resource of every type it serves', async () => {
    const { access_token, patient } = await linkMember(sb.app, 'kaiser', 'inferno-uscore-355');
    for (const type of ['Patient', 'Condition', 'Encounter', 'MedicationRequest']) {
      const bundle = (await fhirGet(sb.app, `/insurers/kaiser/fhir/${type}?patient=${patient}&_count=50`, access_token)).json() as Bundle;
      expect(bundle.entry.length).toBeGreaterThan(0);
      for (const stamp of stamps(bundle)) expect(Number.isNaN(Date.parse(stamp))).toBe(false);
    }
  });

  it('filters with ge and gt, and the total and paging follow the filter', async () => {
    const { access_token, patient } = await linkMember(sb.app, 'uhc', 'member-large');
    const base = `/insurers/uhc/fhir/ExplanationOfBenefit?patient=${patient}&_count=50`;
    const everything: string[] = [];
    for (let url: string | undefined = base; url;) {
      const page = (await fhirGet(sb.app, url, access_token)).json() as Bundle;
      everything.push(...stamps(page));
      url = page.link.find((l) => l.relation === 'next')?.url;
    }
    const sorted = [...everything].sort();
    const pivot = sorted[Math.floor(sorted.length * 0.8)] as string;
    const expectedGe = everything.filter((s) => Date.parse(s) >= Date.parse(pivot)).length;
    const expectedGt = everything.filter((s) => Date.parse(s) > Date.parse(pivot)).length;
    expect(expectedGe).toBeGreaterThan(expectedGt);
    expect(expectedGt).toBeGreaterThan(0);

    const ge = (await fhirGet(sb.app, `${base}&_lastUpdated=ge${encodeURIComponent(pivot)}`, access_token)).json() as Bundle;
    expect(ge.total).toBe(expectedGe);
    for (const stamp of stamps(ge)) expect(Date.parse(stamp)).toBeGreaterThanOrEqual(Date.parse(pivot));
    const gt = (await fhirGet(sb.app, `${base}&_lastUpdated=gt${encodeURIComponent(pivot)}`, access_token)).json() as Bundle;
    expect(gt.total).toBe(expectedGt);
    expect(stamps(gt)).not.toContain(pivot);

    const small = (
      await fhirGet(sb.app, `${base.replace('_count=50', '_count=3')}&_lastUpdated=ge${encodeURIComponent(pivot)}`, access_token)
    ).json() as Bundle;
    const next = small.link.find((l) => l.relation === 'next')?.url as string;
    expect(new URL(next).searchParams.get('_lastUpdated')).toBe(`ge${pivot}`);
    expect(next.startsWith(`http://${HOST}/insurers/uhc/fhir/ExplanationOfBenefit?`)).toBe(true);
  });

  it.each([
    ['eq2026-01-01', 'prefix "eq" is not supported'],
    ['2026-01-01', 'needs a prefix'],
    ['ge2026-13-01', 'not a FHIR date'],
    ['ge2026-01-01T10:00:00', 'time zone'],
  ])('answers 400 with an OperationOutcome for _lastUpdated=%s', async (value, message) => {
    const { access_token, patient } = await linkMember(sb.app, 'uhc', 'member-small');
    const res = await fhirGet(
      sb.app,
      `/insurers/uhc/fhir/Coverage?patient=${patient}&_lastUpdated=${encodeURIComponent(value)}`,
      access_token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      resourceType: 'OperationOutcome',
      issue: [{ severity: 'error', code: 'invalid', diagnostics: expect.stringContaining(message) }],
    });
    expect(res.json().issue[0].diagnostics).toContain('_lastUpdated');
  });
});

describe('insurers partner: _lastUpdated at Blue Button (/v2)', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const partner = createInsurersPartner();
    app = await buildSandbox([partner, partner.blueButtonPaths]);
  });
  afterAll(() => app.close());

  it('still pages 5 at a time with same-origin next links that keep the filter', async () => {
    const { access_token, patient } = await linkMember(app, 'blueButton', 'member-large');
    const get = (url: string) => {
      const target = new URL(url, `http://${HOST}`);
      return app.inject({
        method: 'GET',
        url: `${target.pathname}${target.search}`,
        headers: { host: HOST, authorization: `Bearer ${access_token}` },
      });
    };
    const ids: string[] = [];
    let total = 0;
    for (let url: string | undefined = `/v2/fhir/ExplanationOfBenefit/?patient=${patient}&_count=50&_lastUpdated=ge2024-01-01`; url;) {
      const page = (await get(url)).json() as Bundle;
      total = page.total;
      expect(page.entry.length).toBeLessThanOrEqual(5);
      for (const e of page.entry)
        expect(Date.parse(e.resource.meta?.lastUpdated as string)).toBeGreaterThanOrEqual(Date.parse('2024-01-01'));
      ids.push(...page.entry.map((e) => e.resource.id));
      url = page.link.find((l) => l.relation === 'next')?.url;
      if (url) {
        expect(url.startsWith(`http://${HOST}/v2/fhir/ExplanationOfBenefit?`)).toBe(true);
        expect(new URL(url).searchParams.get('_lastUpdated')).toBe('ge2024-01-01');
      }
    }
    expect(total).toBeGreaterThan(5);
    expect(new Set(ids).size).toBe(total);
  });
});
