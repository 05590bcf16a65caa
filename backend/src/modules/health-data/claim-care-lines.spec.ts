import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { claimFromEob, type CareLineRow, type FhirInput } from './fhir-projections';

// The real payer samples the sandbox insurers serve (sandbox/data/SOURCE.md): CMS Blue Button 2.0 carrier, inpatient
// and outpatient claims, the CARIN IG examples and the Inferno reference server's C4BB claims, untrimmed.
const SAMPLES = join(__dirname, '../../../../sandbox/data/insurers');
const sample = (name: string): FhirInput[] =>
  (
    JSON.parse(gunzipSync(readFileSync(join(SAMPLES, `${name}.json.gz`))).toString('utf8')) as { members: { resources: FhirInput[] }[] }
  ).members
    .flatMap((member) => member.resources)
    .filter((resource) => resource.resourceType === 'ExplanationOfBenefit');

interface RawItem {
  adjudication?: { category?: { coding?: { code?: string }[] }; amount?: { value?: number } }[];
  revenue?: { coding?: { code?: string }[] };
}
const BB_VARIABLE = 'https://bluebutton.cms.gov/resources/variables/';
const BB_EOB_TYPE = 'https://bluebutton.cms.gov/resources/codesystem/eob-type';
/** The amount of a Blue Button variable on a raw line, if any. */
const variableOn = (item: RawItem, name: string): number | undefined =>
  item.adjudication?.find((a) => a.category?.coding?.some((c) => c.code === `${BB_VARIABLE}${name}`))?.amount?.value;
const blueButtonType = (eob: FhirInput): string | undefined =>
  (eob.type as { coding?: { system?: string; code?: string }[] }).coding?.find((c) => c.system === BB_EOB_TYPE)?.code;

const line = (overrides: Partial<CareLineRow>): CareLineRow => ({
  code: null,
  placeOfService: null,
  revenue: null,
  allowed: null,
  ...overrides,
});
const claimOf = (eobs: FhirInput[], id: string) => claimFromEob(eobs.find((eob) => eob.id === id)!)!;

describe('care lines of the real payer samples', () => {
  const blueButton = ['bluebutton-bb2', 'bluebutton-sdk-history', 'bluebutton-bbuser29999'].flatMap(sample);

  it('gives every Blue Button claim its claim type as subtype, and its billable period end', () => {
    expect(blueButton.length).toBeGreaterThan(60);
    for (const eob of blueButton) {
      const claim = claimFromEob(eob)!;
      expect([eob.id, claim.subtype]).toEqual([eob.id, blueButtonType(eob)!.toLowerCase()]);
      expect([eob.id, claim.serviceEndDate]).toEqual([
        eob.id,
        (eob.billablePeriod as { end?: string } | undefined)?.end ?? claim.serviceEndDate,
      ]);
    }
    expect(new Set(blueButton.map((eob) => claimFromEob(eob)!.subtype))).toEqual(new Set(['carrier', 'inpatient', 'outpatient', 'pde']));
  });

  it("reads a Blue Button carrier line's HCPCS code, place of service and stated allowed charge", () => {
    const carrier = blueButton.filter((eob) => blueButtonType(eob) === 'CARRIER');
    expect(carrier.length).toBeGreaterThan(10);
    for (const eob of carrier) {
      const items = eob.item as RawItem[];
      const { careLines } = claimFromEob(eob)!;
      expect(careLines).toHaveLength(items.length);
      careLines.forEach((careLine, i) => {
        expect(careLine.code).toMatch(/^[A-Z0-9]{5}$/);
        expect(careLine.placeOfService).toMatch(/^\d{2}$/);
        expect(careLine.revenue).toBeNull();
        expect([eob.id, careLine.allowed]).toEqual([eob.id, variableOn(items[i]!, 'line_alowd_chrg_amt')]);
      });
    }
    expect(claimOf(blueButton, 'carrier-22639159481').careLines).toEqual([line({ code: '77085', placeOfService: '99', allowed: 250 })]);
  });

  it("reads a Blue Button institutional line's revenue centre, leaving out the total-charge line (0001)", () => {
    const institutional = blueButton.filter((eob) => ['INPATIENT', 'OUTPATIENT'].includes(blueButtonType(eob)!));
    expect(institutional.length).toBeGreaterThan(30);
    for (const eob of institutional) {
      const items = eob.item as RawItem[];
      const services = items.filter((item) => item.revenue?.coding?.[0]?.code !== '0001');
      const { careLines } = claimFromEob(eob)!;
      expect(careLines.map((l) => l.revenue)).toEqual(services.map((item) => item.revenue?.coding?.[0]?.code));
      for (const careLine of careLines) expect(careLine.placeOfService).toBeNull();
      // The line's Medicare payment + the patient's responsibility, as the revenue centre states them.
      careLines.forEach((careLine, i) => {
        const paid = variableOn(services[i]!, 'rev_cntr_pmt_amt_amt');
        const patient = variableOn(services[i]!, 'rev_cntr_ptnt_rspnsblty_pmt');
        expect([eob.id, careLine.allowed]).toEqual([
          eob.id,
          paid === undefined && patient === undefined ? null : (paid ?? 0) + (patient ?? 0),
        ]);
      });
    }
    expect(claimOf(blueButton, 'outpatient--1752005908').careLines).toEqual([
      line({ code: 'A0380', revenue: '0540', allowed: 0 }),
      line({ code: 'A0428', revenue: '0540', allowed: 0 }),
    ]);
  });

  it('gives pharmacy claims no care lines (their fills are prescriptions)', () => {
    const pharmacy = [...blueButton, ...sample('inferno-reference'), ...sample('carin-bb-examples')].filter(
      (eob) => claimFromEob(eob)!.claimType === 'pharmacy',
    );
    expect(pharmacy.length).toBeGreaterThan(10);
    for (const eob of pharmacy) expect(claimFromEob(eob)!.careLines).toEqual([]);
  });

  it('reads the CARIN examples: subtype from the declared profile, CMS places of service, NUBC revenue codes, line money', () => {
    const carin = sample('carin-bb-examples');
    const inpatient = claimOf(carin, 'InpatientEOBExample1');
    expect(inpatient.subtype).toBe('inpatient');
    expect(inpatient.careLines[0]).toEqual(line({ code: '99231', placeOfService: '21', revenue: '0301', allowed: 0 }));
    expect(claimOf(carin, 'OutpatientEOBExample1')).toMatchObject({
      subtype: 'outpatient',
      careLines: [
        line({ code: '99231', placeOfService: '12', revenue: '0551', allowed: 56.52 }),
        line({ code: '99231', placeOfService: '12', revenue: '0023', allowed: 0 }),
      ],
    });
    // Member liability (the deductible) + the benefit of each line.
    expect(claimOf(carin, '01234567801-FR123E1230000010000010001')).toMatchObject({
      subtype: null,
      careLines: [
        line({ code: 'S1234', placeOfService: '20', allowed: 35 }),
        line({ code: '99999', placeOfService: '20', allowed: 104.86 }),
      ],
    });
    expect(claimOf(carin, '01234567801-GNXYZ1230000010000010001').careLines).toEqual([
      line({ code: '11111', placeOfService: '02', allowed: 59 }),
    ]);
    // A reversed line stays negative: the lines of a claim add up to what was paid.
    const professional = claimOf(carin, 'ProfessionalEOBExample1');
    expect(professional.careLines.reduce((sum, l) => sum + (l.allowed ?? 0), 0)).toBeCloseTo(professional.paymentAmount!, 2);
  });

  it('reads the Inferno C4BB claims: institutional subType, NUBC codes (a malformed one left out), the billable period', () => {
    const inferno = sample('inferno-reference');
    expect(claimOf(inferno, 'c4bb-EOBInpatient')).toMatchObject({
      subtype: 'inpatient',
      serviceDate: '2019-01-01',
      serviceEndDate: '2019-10-31',
      careLines: [line({ code: '99231', revenue: '0324' })],
    });
    // Revenue "Dummy" and a data-absent-reason product are no codes; the line keeps its money.
    expect(claimOf(inferno, 'c4bb-EOBOutpatient')).toMatchObject({ subtype: 'outpatient', careLines: [line({ allowed: 620 })] });
    expect(claimOf(inferno, 'c4bb-EOBProfessional')).toMatchObject({
      subtype: null,
      careLines: [line({ code: '99231', placeOfService: '11' })],
    });
  });
});
