import { fhirGet, HOST, linkMember, startInsurers, type TestSandbox } from './test-support';

interface Bundle {
  resourceType: string;
  type: string;
  total: number;
  link: { relation: string; url: string }[];
  entry?: { fullUrl: string; resource: { resourceType: string; id: string } }[];
}

const linkOf = (bundle: Bundle, relation: string) => bundle.link.find((l) => l.relation === relation)?.url;

describe('insurers partner: FHIR R4 endpoints', () => {
  let sb: TestSandbox;
  beforeEach(async () => {
    sb = await startInsurers();
  });
  afterEach(async () => {
    await sb.app.close();
  });

  /** Follows link.next from `url` to the end; returns every page. */
  async function allPages(url: string, token: string): Promise<Bundle[]> {
    const pages: Bundle[] = [];
    for (let next: string | undefined = url; next;) {
      const res = await fhirGet(sb.app, next, token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
      const page = res.json() as Bundle;
      pages.push(page);
      next = linkOf(page, 'next');
      if (pages.length > 200) throw new Error('paging does not end');
    }
    return pages;
  }

  it.each([
    ['uhcSandbox', 'member-large', 'ExplanationOfBenefit', 50, '_offset'],
    ['uhcSandbox', 'member-large', 'MedicationRequest', undefined, '_offset'],
    ['uhcSandbox', 'member-typical', 'Encounter', 7, '_offset'],
    ['aetna', 'inferno-uscore-355', 'Condition', 10, '_offset'],
    ['blueButton', 'BBUser00001', 'ExplanationOfBenefit', 10, 'startIndex'],
    ['blueButtonSandbox', 'member-large', 'ExplanationOfBenefit', 50, 'startIndex'],
  ])('%s %s: pages %s with link.next to the end, and the totals match', async (key, username, type, count, pageParam) => {
    const { access_token, patient } = await linkMember(sb.app, key, username);
    const first = `/insurers/${key}/fhir/${type}?patient=${encodeURIComponent(patient)}${count ? `&_count=${count}` : ''}`;
    const pages = await allPages(first, access_token);
    const pageSize = count ?? 10;
    const total = pages[0]?.total as number;
    expect(total).toBeGreaterThan(0);
    expect(pages).toHaveLength(Math.ceil(total / pageSize));
    const ids = pages.flatMap((p) => (p.entry ?? []).map((e) => e.resource.id));
    expect(ids).toHaveLength(total);
    expect(new Set(ids).size).toBe(total);
    for (const page of pages) {
      expect(page).toMatchObject({ resourceType: 'Bundle', type: 'searchset', total });
      expect((page.entry ?? []).length).toBeLessThanOrEqual(pageSize);
      for (const e of page.entry ?? []) {
        expect(e.resource.resourceType).toBe(type);
        expect(e.fullUrl).toBe(`http://${HOST}/insurers/${key}/fhir/${type}/${e.resource.id}`);
      }
      for (const l of page.link) {
        expect(l.url.startsWith(`http://${HOST}/insurers/${key}/fhir/${type}?`)).toBe(true);
        expect(new URL(l.url).searchParams.has(pageParam)).toBe(true);
      }
    }
    expect(linkOf(pages[0] as Bundle, 'previous')).toBeUndefined();
    if (pages.length > 1) expect(linkOf(pages[1] as Bundle, 'previous')).toBe(linkOf(pages[0] as Bundle, 'self'));
    expect(linkOf(pages[pages.length - 1] as Bundle, 'self')).toBe(linkOf(pages[0] as Bundle, 'last'));
  });

  it('serves the large member with at least 600 claims and 150 prescriptions', async () => {
    const { access_token, patient } = await linkMember(sb.app, 'humana', 'member-large');
    const eob = (await fhirGet(sb.app, `/insurers/humana/fhir/ExplanationOfBenefit?patient=${patient}&_count=0`, access_token)).json();
    expect(eob.total).toBeGreaterThanOrEqual(600);
    expect(eob.entry).toEqual([]);
    const rx = (await fhirGet(sb.app, `/insurers/humana/fhir/MedicationRequest?patient=${patient}`, access_token)).json();
    expect(rx.total).toBeGreaterThanOrEqual(150);
  });

  it('pages uhc 5 at a time whatever _count asks, and its next links still reach every claim once', async () => {
    const { access_token, patient } = await linkMember(sb.app, 'uhc', 'member-large');
    const pages = await allPages(`/insurers/uhc/fhir/ExplanationOfBenefit?patient=${patient}&_count=50`, access_token);
    const total = pages[0]?.total as number;
    expect(total).toBeGreaterThan(5);
    expect(pages).toHaveLength(Math.ceil(total / 5));
    for (const page of pages) expect((page.entry ?? []).length).toBeLessThanOrEqual(5);
    expect(new Set(pages.flatMap((p) => (p.entry ?? []).map((e) => e.resource.id))).size).toBe(total);
  });

  it('caps _count at 50, defaults to 10, and rejects a malformed one', async () => {
    const { access_token, patient } = await linkMember(sb.app, 'uhcSandbox', 'member-large');
    const eobs = `/insurers/uhcSandbox/fhir/ExplanationOfBenefit?patient=${patient}`;
    const big = (await fhirGet(sb.app, `${eobs}&_count=500`, access_token)).json();
    expect(big.entry).toHaveLength(50);
    const dflt = (await fhirGet(sb.app, eobs, access_token)).json();
    expect(dflt.entry).toHaveLength(10);
    const bad = await fhirGet(sb.app, `${eobs}&_count=ten`, access_token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'invalid' }] });
  });

  it('reads the member: Patient/{id}, Patient?_id=, a claim by id, its Coverage by beneficiary, and a shared Organization', async () => {
    const { access_token, patient } = await linkMember(sb.app, 'uhc', 'inferno-carin-888');
    expect(patient).toBe('888');
    const read = await fhirGet(sb.app, '/insurers/uhc/fhir/Patient/888', access_token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ resourceType: 'Patient', id: '888', name: [{ family: 'Smith' }] });
    const byId = (await fhirGet(sb.app, '/insurers/uhc/fhir/Patient?_id=888', access_token)).json();
    expect(byId.total).toBe(1);
    const eobs = (await fhirGet(sb.app, '/insurers/uhc/fhir/ExplanationOfBenefit?patient=Patient/888', access_token)).json();
    expect(eobs.total).toBe(5);
    const one = await fhirGet(sb.app, `/insurers/uhc/fhir/ExplanationOfBenefit/${eobs.entry[0].resource.id}`, access_token);
    expect(one.json().id).toBe(eobs.entry[0].resource.id);
    expect((await fhirGet(sb.app, '/insurers/uhc/fhir/Coverage?beneficiary=Patient/888', access_token)).json().total).toBe(1);
    expect((await fhirGet(sb.app, '/insurers/uhc/fhir/Organization/c4bb-Organization', access_token)).statusCode).toBe(200);
    expect((await fhirGet(sb.app, '/insurers/uhc/fhir/Condition?patient=888', access_token)).json()).toMatchObject({ total: 0, entry: [] });
    expect((await fhirGet(sb.app, '/insurers/uhc/fhir/ExplanationOfBenefit/nope', access_token)).statusCode).toBe(404);
  });

  it('serves the Blue Button samples at Blue Button and the CARIN and Inferno examples elsewhere', async () => {
    const bb = await linkMember(sb.app, 'blueButtonSandbox', 'BBUser29999');
    expect(bb.patient).toBe('-20140000010000');
    const coverage = (await fhirGet(sb.app, `/insurers/blueButtonSandbox/fhir/Coverage?beneficiary=${bb.patient}`, bb.access_token)).json();
    expect(coverage.total).toBe(4);
    const aetna = await linkMember(sb.app, 'aetna', 'aetna-connectathon');
    expect(
      (await fhirGet(sb.app, `/insurers/aetna/fhir/ExplanationOfBenefit?patient=${aetna.patient}`, aetna.access_token)).json().total,
    ).toBe(2);
  });

  describe('401 and 403', () => {
    it("answers 401 with an OperationOutcome without a token, with a bad token, and with another insurer's token", async () => {
      const aetna = await linkMember(sb.app, 'aetna', 'member-small');
      for (const token of [undefined, 'not-a-token', aetna.access_token]) {
        const res = await fhirGet(sb.app, '/insurers/uhc/fhir/ExplanationOfBenefit', token);
        expect(res.statusCode).toBe(401);
        expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
        expect(res.headers['www-authenticate']).toMatch(/^Bearer realm="uhc"/);
        expect(res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'login' }] });
      }
    });

    it("answers 403 for another member's data", async () => {
      const small = await linkMember(sb.app, 'uhc', 'member-small');
      const large = await linkMember(sb.app, 'uhc', 'member-large');
      const otherEob = (
        await fhirGet(sb.app, `/insurers/uhc/fhir/ExplanationOfBenefit?patient=${large.patient}`, large.access_token)
      ).json().entry[0].resource.id;
      for (const url of [
        `/insurers/uhc/fhir/Patient/${large.patient}`,
        `/insurers/uhc/fhir/Patient?_id=${large.patient}`,
        `/insurers/uhc/fhir/ExplanationOfBenefit?patient=${large.patient}`,
        `/insurers/uhc/fhir/Coverage?patient=Patient/${large.patient}`,
        `/insurers/uhc/fhir/Condition?patient=${small.patient},${large.patient}`,
        `/insurers/uhc/fhir/ExplanationOfBenefit/${otherEob}`,
      ]) {
        const res = await fhirGet(sb.app, url, small.access_token);
        expect([url, res.statusCode]).toEqual([url, 403]);
        expect(res.json()).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'forbidden' }] });
      }
    });

    it("scopes a search without a patient parameter to the token's member", async () => {
      const small = await linkMember(sb.app, 'uhc', 'member-small');
      const res = (await fhirGet(sb.app, '/insurers/uhc/fhir/Patient', small.access_token)).json();
      expect(res.entry.map((e: { resource: { id: string } }) => e.resource.id)).toEqual([small.patient]);
    });

    it('answers 404 for an unknown insurer and an unsupported search', async () => {
      const small = await linkMember(sb.app, 'uhc', 'member-small');
      expect((await fhirGet(sb.app, '/insurers/acme/fhir/Patient', small.access_token)).statusCode).toBe(404);
      expect((await fhirGet(sb.app, '/insurers/uhc/fhir/Observation', small.access_token)).statusCode).toBe(404);
    });
  });

  it('answers a CapabilityStatement and a SMART configuration without a token', async () => {
    const res = await fhirGet(sb.app, '/insurers/kaiser/fhir/metadata');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/fhir+json; charset=utf-8');
    const cs = res.json();
    expect(cs).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1', kind: 'instance' });
    expect(cs.rest[0].resource.map((r: { type: string }) => r.type)).toEqual(
      expect.arrayContaining(['Patient', 'ExplanationOfBenefit', 'Coverage', 'Condition', 'Encounter', 'MedicationRequest']),
    );
    expect(JSON.stringify(cs.rest[0].security)).toContain(`http://${HOST}/insurers/kaiser/token`);
    const smart = (await fhirGet(sb.app, '/insurers/kaiser/fhir/.well-known/smart-configuration')).json();
    expect(smart).toMatchObject({
      authorization_endpoint: `http://${HOST}/insurers/kaiser/authorize`,
      code_challenge_methods_supported: ['S256'],
    });
  });

  it('lists every insurer, its endpoints, credentials and member usernames on the index page', async () => {
    const res = await sb.app.inject({ method: 'GET', url: '/insurers', headers: { host: HOST } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('healthlink-centeneSandbox');
    expect(res.body).toContain('sandbox-secret-centeneSandbox');
    expect(res.body).toContain('BBUser29999');
    expect(res.body).toContain(`http://${HOST}/insurers/cigna/fhir`);
  });
});
