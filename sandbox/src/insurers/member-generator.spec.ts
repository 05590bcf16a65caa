import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { INSURER_DATA_DIR, loadCodeTables } from './code-tables';
import type { FhirResource } from './fhir-types';
import { GENERATED_MEMBERS } from './member-directory';
import { GENERATED_END_DATE, generateMember, SYSTEMS, type MemberPlan } from './member-generator';

const tables = loadCodeTables();
const insurer = { key: 'uhc', name: 'UnitedHealthcare', flavour: 'carin' as const };
const large = GENERATED_MEMBERS.find((m) => m.username === 'member-large') as (typeof GENERATED_MEMBERS)[number];
const plan = (seed: string, base = large): MemberPlan => ({ ...base, seed, patientId: `p-${seed}` });

/** The first column of a shipped gzip CSV, read straight from the file. */
const shippedCodes = (file: string) =>
  new Set(
    gunzipSync(readFileSync(join(INSURER_DATA_DIR, file)))
      .toString('utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((line) => line.split(',')[0] as string),
  );

type Coding = { system: string; code: string; display?: string };
type Eob = FhirResource & {
  type: { coding: Coding[] };
  billablePeriod: { start: string; end: string };
  item: { productOrService: { coding: Coding[] }; adjudication: { category: { coding: Coding[] }; amount: { value: number } }[] }[];
  diagnosis?: { diagnosisCodeableConcept: { coding: Coding[] } }[];
  procedure?: { procedureCodeableConcept: { coding: Coding[] } }[];
  supportingInfo: { category: { coding: Coding[] } }[];
  total: { category: { coding: Coding[] }; amount: { value: number } }[];
};

const ofType = <T = FhirResource>(resources: FhirResource[], type: string) => resources.filter((r) => r.resourceType === type) as T[];
const claimType = (eob: Eob) => eob.type.coding.find((c) => c.system === SYSTEMS.claimType)?.code;
const amount = (list: { category: { coding: Coding[] }; amount: { value: number } }[], code: string) =>
  list.find((a) => a.category.coding.some((c) => c.code === code))?.amount.value;

describe('member generator', () => {
  const resources = generateMember(tables, insurer, plan('large-1'));
  const eobs = ofType<Eob>(resources, 'ExplanationOfBenefit');

  it('is deterministic: the same seed gives the same member, another seed another one', () => {
    expect(JSON.stringify(generateMember(tables, insurer, plan('large-1')))).toBe(JSON.stringify(resources));
    expect(JSON.stringify(generateMember(tables, insurer, plan('large-2')))).not.toBe(JSON.stringify(resources));
  });

  it('builds the large member: 5 years, at least 600 claims and 150 prescriptions, of all three claim types', () => {
    expect(eobs.length).toBeGreaterThanOrEqual(600);
    expect(ofType(resources, 'MedicationRequest').length).toBeGreaterThanOrEqual(150);
    const byType = new Set(eobs.map(claimType));
    expect(byType).toEqual(new Set(['pharmacy', 'professional', 'institutional']));
    expect(eobs.filter((e) => claimType(e) === 'pharmacy').length).toBeGreaterThanOrEqual(150);
    const starts = eobs.map((e) => e.billablePeriod.start).sort();
    expect(starts[starts.length - 1]! <= GENERATED_END_DATE).toBe(true);
    const spanDays = (Date.parse(starts[starts.length - 1] as string) - Date.parse(starts[0] as string)) / 86_400_000;
    expect(spanDays).toBeGreaterThan(4.5 * 365);
    for (const type of ['Patient', 'Coverage', 'Condition', 'Encounter']) expect(ofType(resources, type).length).toBeGreaterThan(0);
  });

  it.each(GENERATED_MEMBERS.map((m) => [m.username, m]))('%s spans its years', (_name, member) => {
    const r = generateMember(tables, insurer, plan(`span-${member.username}`, member));
    const starts = ofType<Eob>(r, 'ExplanationOfBenefit')
      .map((e) => e.billablePeriod.start)
      .sort();
    const spanYears = (Date.parse(starts[starts.length - 1] as string) - Date.parse(starts[0] as string)) / (365 * 86_400_000);
    expect(spanYears).toBeGreaterThan(member.years - 0.5);
    expect(spanYears).toBeLessThanOrEqual(member.years);
  });

  it('takes every NDC, ICD-10-CM and HCPCS code from the shipped lists', () => {
    const ndc = shippedCodes('ndc-common.csv.gz');
    const icd = shippedCodes('icd10cm-common.csv.gz');
    const hcpcs = shippedCodes('hcpcs-common.csv.gz');
    const codings: Coding[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        const o = node as Record<string, unknown>;
        if (typeof o.system === 'string' && typeof o.code === 'string') codings.push(o as unknown as Coding);
        Object.values(o).forEach(walk);
      }
    };
    walk(resources);
    const of = (system: string) => codings.filter((c) => c.system === system);
    expect(of(SYSTEMS.ndc).length).toBeGreaterThan(300);
    expect(of(SYSTEMS.icd10cm).length).toBeGreaterThan(300);
    expect(of(SYSTEMS.hcpcs).length).toBeGreaterThan(300);
    for (const c of of(SYSTEMS.ndc)) expect(ndc.has(c.code)).toBe(true);
    for (const c of of(SYSTEMS.icd10cm)) expect(icd.has(c.code.replace('.', ''))).toBe(true);
    for (const c of of(SYSTEMS.hcpcs)) expect(hcpcs.has(c.code)).toBe(true);
  });

  it('every care-profile code and drug group is in the shipped lists', () => {
    const p = tables.profiles;
    const icd = [...p.chronic, ...p.acute, ...p.inpatient].flatMap((x) => x.icd10cm);
    const hcpcs = [...p.chronic, ...p.acute, ...p.inpatient].flatMap((x) => x.hcpcs);
    for (const code of icd) expect(tables.icd10cm.has(code)).toBe(true);
    for (const code of hcpcs) expect(tables.hcpcs.has(code)).toBe(true);
    for (const drug of [...p.chronic, ...p.acute].flatMap((x) => x.drugs)) expect(tables.ndcByDrug.get(drug)?.length).toBeGreaterThan(0);
    expect(tables.ndc.length).toBeGreaterThanOrEqual(200);
    expect(tables.icd10cm.size).toBeGreaterThanOrEqual(200);
    expect(tables.hcpcs.size).toBeGreaterThanOrEqual(150);
  });

  it('writes pharmacy claims with an NDC and drug name, amounts, days supply and refill number', () => {
    const pharmacy = eobs.filter((e) => claimType(e) === 'pharmacy');
    for (const eob of pharmacy) {
      const item = eob.item[0]!;
      const product = item.productOrService.coding[0]!;
      expect(product.system).toBe('http://hl7.org/fhir/sid/ndc');
      expect(product.code).toMatch(/^\d{11}$/);
      expect(product.display).toBe(tables.ndc.find((n) => n.ndc === product.code)?.description);
      const submitted = amount(item.adjudication, 'submitted') as number;
      const patient = amount(item.adjudication, 'paidbypatient') as number;
      const provider = amount(item.adjudication, 'paidtoprovider') as number;
      expect(submitted).toBeGreaterThan(0);
      expect(patient + provider).toBeCloseTo(submitted, 2);
      const info = eob.supportingInfo.map((s) => s.category.coding[0]?.code);
      expect(info).toEqual(expect.arrayContaining(['dayssupply', 'refillnum']));
      expect(eob.outcome).toBe('complete');
    }
  });

  it('writes professional and institutional claims with ICD-10-CM diagnoses, HCPCS items and procedures, and totals', () => {
    const medical = eobs.filter((e) => claimType(e) !== 'pharmacy');
    expect(medical.length).toBeGreaterThan(50);
    for (const eob of medical) {
      expect(eob.diagnosis?.length).toBeGreaterThan(0);
      for (const d of eob.diagnosis ?? []) expect(d.diagnosisCodeableConcept.coding[0]?.system).toBe('http://hl7.org/fhir/sid/icd-10-cm');
      for (const i of eob.item) expect(i.productOrService.coding[0]?.system).toBe('https://bluebutton.cms.gov/resources/codesystem/hcpcs');
      expect(eob.procedure?.map((p) => p.procedureCodeableConcept.coding[0]?.code)).toEqual(
        eob.item.map((i) => i.productOrService.coding[0]?.code),
      );
      expect(eob).toMatchObject({
        outcome: 'complete',
        billablePeriod: { start: expect.any(String) },
        provider: { reference: expect.any(String) },
        insurer: { display: 'UnitedHealthcare' },
      });
      const itemsSubmitted = eob.item.reduce((s, i) => s + (amount(i.adjudication, 'submitted') as number), 0);
      expect(amount(eob.total, 'submitted')).toBeCloseTo(itemsSubmitted, 1);
      expect(amount(eob.total, 'paidtoprovider')).toBeGreaterThanOrEqual(0);
      expect(amount(eob.total, 'paidbypatient')).toBeGreaterThanOrEqual(0);
    }
  });

  it('adds the CMS claim type for Blue Button and keeps every reference inside the member', () => {
    const bb = generateMember(tables, { key: 'blueButton', name: 'Medicare', flavour: 'blueButton' }, plan('bb'));
    const bbEobs = ofType<Eob>(bb, 'ExplanationOfBenefit');
    const cmsTypes = new Set(bbEobs.map((e) => e.type.coding[0]?.code));
    expect(cmsTypes.has('PDE') && cmsTypes.has('CARRIER')).toBe(true);
    for (const t of cmsTypes) expect(['PDE', 'CARRIER', 'OUTPATIENT', 'INPATIENT']).toContain(t);
    expect(bbEobs.every((e) => e.type.coding[0]?.system === 'https://bluebutton.cms.gov/resources/codesystem/eob-type')).toBe(true);
    const known = new Set(resources.map((r) => `${r.resourceType}/${r.id}`));
    const refs = JSON.stringify(resources).match(/"reference":"[^"]+"/g) ?? [];
    for (const ref of refs) expect(known.has(ref.slice('"reference":"'.length, -1))).toBe(true);
  });
  it('gives professional lines the place of service of their visit and hospital lines a NUBC revenue code, in each flavour', () => {
    const flavours = [
      { member: resources, pos: SYSTEMS.placeOfService, revenue: SYSTEMS.revenue },
      {
        member: generateMember(tables, { key: 'blueButton', name: 'Medicare', flavour: 'blueButton' }, plan('bb')),
        pos: SYSTEMS.bbPlaceOfService,
        revenue: SYSTEMS.bbRevenue,
      },
    ];
    const POS_OF_VISIT: Record<string, string> = {
      'Office visit': '11',
      'Hospital admission': '21',
      'Hospital outpatient visit': '22',
      'Emergency department visit': '23',
    };
    type Line = Eob['item'][number] & {
      encounter: { reference: string }[];
      locationCodeableConcept?: { coding: Coding[] };
      revenue?: { coding: Coding[] };
    };
    for (const { member, pos, revenue } of flavours) {
      const visits = new Map(
        ofType<FhirResource & { type: { text: string }[] }>(member, 'Encounter').map((e) => [`Encounter/${e.id}`, e.type[0]!.text]),
      );
      const seen = { pos: new Set<string>(), revenue: new Set<string>() };
      for (const eob of ofType<Eob>(member, 'ExplanationOfBenefit').filter((e) => claimType(e) !== 'pharmacy')) {
        for (const line of eob.item as Line[]) {
          const code = line.productOrService.coding[0]!.code;
          if (claimType(eob) === 'professional') {
            expect(line.revenue).toBeUndefined();
            expect(line.locationCodeableConcept?.coding).toEqual([{ system: pos, code: expect.any(String) }]);
            const place = line.locationCodeableConcept!.coding[0]!.code;
            const visit = visits.get(line.encounter[0]!.reference)!;
            expect([code, place]).toEqual([code, /^A04\d\d$/.test(code) ? '41' : POS_OF_VISIT[visit]]);
            seen.pos.add(place);
          } else {
            expect(line.locationCodeableConcept).toBeUndefined();
            expect(line.revenue?.coding).toEqual([{ system: revenue, code: expect.stringMatching(/^0\d{3}$/) }]);
            const centre = line.revenue!.coding[0]!.code;
            if (/^G038[0-4]$/.test(code)) expect(centre).toBe('0450');
            if (/^J/.test(code)) expect(centre).toBe('0250');
            seen.revenue.add(centre);
          }
        }
      }
      for (const place of ['11', '21', '23']) expect(seen.pos).toContain(place);
      for (const centre of ['0250', '0450', '0510']) expect(seen.revenue).toContain(centre);
    }
  });

  it("splits the member's share into deductible, copay and coinsurance that add up to paid by patient", () => {
    const eobs = ofType<Eob>(resources, 'ExplanationOfBenefit');
    const cents = (v: number | undefined) => Math.round((v ?? 0) * 100);
    const seen = { deductible: 0, copay: 0, coinsurance: 0 };
    for (const eob of eobs) {
      const parts = ['deductible', 'copay', 'coinsurance'] as const;
      for (const part of parts) if (amount(eob.total, part)) seen[part]++;
      expect(parts.reduce((sum, part) => sum + cents(amount(eob.total, part)), 0)).toBe(cents(amount(eob.total, 'paidbypatient')));
    }
    // Fills carry copays; medical claims the year's deductible first, then coinsurance.
    expect(seen.copay).toBeGreaterThan(0);
    expect(seen.deductible).toBeGreaterThan(0);
    expect(seen.coinsurance).toBeGreaterThan(0);
  });

  it("has brand fills meet the year's drug deductible first, in full, and generic fills never", () => {
    // large-2 takes brand-name drugs (large-1 none).
    const member = generateMember(tables, insurer, plan('large-2'));
    const fills = ofType<Eob>(member, 'ExplanationOfBenefit').filter((eob) => claimType(eob) === 'pharmacy');
    const brandOf = (eob: Eob) =>
      JSON.stringify(eob.supportingInfo).includes('"code":"1","display":"Brand"') ? ('brand' as const) : ('generic' as const);
    const byYear = new Map<string, number>();
    for (const eob of fills) {
      const deductible = amount(eob.total, 'deductible') ?? 0;
      if (brandOf(eob) === 'generic') expect(deductible).toBe(0);
      const year = eob.billablePeriod.start.slice(0, 4);
      byYear.set(year, (byYear.get(year) ?? 0) + deductible);
    }
    expect(fills.some((eob) => brandOf(eob) === 'brand' && (amount(eob.total, 'deductible') ?? 0) > 0)).toBe(true);
    for (const total of byYear.values()) expect(total).toBeLessThanOrEqual(615.001);
  });
});
