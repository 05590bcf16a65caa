import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  claimFromEob,
  conditionFromResource,
  coverageFromResource,
  demographicsFromPatient,
  prescriptionFromMedicationRequest,
  moneyString,
  prescriptionsFromEob,
  type FhirInput,
} from './fhir-projections';

const C4BB_ADJ = 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication';
const adj = (code: string, value: number) => ({ category: { coding: [{ system: C4BB_ADJ, code }] }, amount: { value, currency: 'USD' } });

const professional = {
  resourceType: 'ExplanationOfBenefit',
  id: 'eob-prof-1',
  status: 'active',
  outcome: 'complete',
  type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'professional' }] },
  billablePeriod: { start: '2024-03-05T00:00:00Z' },
  careTeam: [
    { sequence: 1, provider: { display: 'Dr. Supervising' }, role: { coding: [{ code: 'supervisor' }] } },
    { sequence: 2, provider: { display: 'Dr. Rendering' }, role: { coding: [{ code: 'rendering' }] } },
  ],
  // Deliberately out of order and with a SNOMED coding first: codes are found by system, not position.
  diagnosis: [
    {
      sequence: 2,
      diagnosisCodeableConcept: {
        coding: [
          { system: 'http://snomed.info/sct', code: '44054006' },
          { system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9', display: 'Type 2 diabetes mellitus without complications' },
        ],
      },
    },
    {
      sequence: 1,
      diagnosisCodeableConcept: {
        coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'I10', display: 'Essential (primary) hypertension' }],
      },
    },
  ],
  item: [
    {
      sequence: 1,
      servicedDate: '2024-03-05',
      productOrService: {
        coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/hcpcs', code: '99213', display: 'Office visit' }],
      },
      adjudication: [adj('submitted', 180), adj('paidtoprovider', 92.5), adj('paidbypatient', 20)],
    },
  ],
  total: [adj('submitted', 180), adj('paidtoprovider', 92.5)],
};

const pharmacy = {
  resourceType: 'ExplanationOfBenefit',
  id: 'eob-rx-1',
  status: 'active',
  outcome: 'complete',
  type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'pharmacy' }] },
  billablePeriod: { start: '2024-04-01' },
  careTeam: [{ sequence: 1, provider: { display: 'Dr. Prescriber' }, role: { coding: [{ code: 'prescribing' }] } }],
  item: [
    {
      sequence: 1,
      servicedDate: '2024-04-02',
      productOrService: {
        coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: '00093-7214-01', display: 'Metformin 500 MG Oral Tablet' }],
      },
      adjudication: [adj('submitted', 14.2), adj('paidtoprovider', 10.2), adj('paidbypatient', 4)],
    },
  ],
};

describe('FHIR projections', () => {
  it('projects a professional claim: diagnoses by ICD-10 system, procedures, payment and the rendering provider', () => {
    expect(claimFromEob(professional)).toEqual({
      sourceId: 'eob-prof-1',
      claimType: 'professional',
      status: 'active',
      outcome: 'complete',
      subtype: null,
      serviceDate: '2024-03-05',
      // No billable period end: the item's date.
      serviceEndDate: '2024-03-05',
      paymentAmount: 92.5,
      patientPaid: 20,
      deductible: null,
      copay: null,
      coinsurance: null,
      renderingProvider: 'Dr. Rendering',
      diagnoses: [
        { id: '2', diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes mellitus without complications' },
        { id: '1', diagnosis_code: 'I10', diagnosis_display: 'Essential (primary) hypertension' },
      ],
      procedures: [{ id: 'i1', procedure_code: '99213', procedure_date: '2024-03-05', procedure_display: 'Office visit' }],
      // The line's own paid to provider + paid by patient.
      careLines: [{ code: '99213', placeOfService: null, revenue: null, allowed: 112.5 }],
      searchText: [
        '2024-03-05',
        '3/5/2024',
        '03/05/2024',
        'active',
        '92.50',
        '$92.50',
        'professional',
        'complete',
        'dr. rendering',
        'e11.9',
        'type 2 diabetes mellitus without complications',
        'i10',
        'essential (primary) hypertension',
        '99213',
        '2024-03-05',
        '3/5/2024',
        '03/05/2024',
        'office visit',
      ].join('\n'),
    });
    expect(prescriptionsFromEob(professional)).toEqual([]);
  });

  it('projects each NDC line of a pharmacy claim as a prescription with the amounts by adjudication category', () => {
    expect(prescriptionsFromEob(pharmacy)).toEqual([
      {
        sourceId: 'ExplanationOfBenefit/eob-rx-1/1',
        sourceKind: 'claim',
        drugName: 'Metformin 500 MG Oral Tablet',
        drugNdc: '00093721401',
        rxcui: null,
        datePrescribed: '2024-04-02',
        provider: 'Dr. Prescriber',
        patientPaid: 4,
        insurerPaid: 10.2,
        totalPrice: 14.2,
        quantity: null,
        daysSupply: null,
      },
    ]);
  });

  it('reads CMS Blue Button PDE claims, whose categories are named by the system URL', () => {
    const cms = (name: string, value: number) => ({
      category: { coding: [{ system: `https://bluebutton.cms.gov/resources/variables/${name}`, display: name }] },
      amount: { value },
    });
    const pde = {
      resourceType: 'ExplanationOfBenefit',
      id: 'pde--1',
      type: {
        coding: [
          { system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'PDE' },
          { system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'pharmacy' },
        ],
      },
      item: [
        {
          sequence: 1,
          servicedDate: '2015-01-01',
          productOrService: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: '000000000', display: 'Drug' }] },
          adjudication: [cms('ptnt_pay_amt', 10), cms('tot_rx_cst_amt', 110), cms('cvrd_d_plan_pd_amt', 100)],
        },
      ],
    };
    expect(prescriptionsFromEob(pde)[0]).toMatchObject({
      patientPaid: 10,
      insurerPaid: 100,
      totalPrice: 110,
      datePrescribed: '2015-01-01',
      // Nine digits are no NDC: the fill is kept with its money, and no code is guessed.
      drugNdc: null,
      drugName: 'Drug',
    });
  });

  it('projects medication requests, conditions, coverage and patient demographics', () => {
    expect(
      prescriptionFromMedicationRequest({
        resourceType: 'MedicationRequest',
        id: 'mr1',
        authoredOn: '2023-02-01T10:00:00Z',
        requester: { display: 'Dr. A' },
        medicationCodeableConcept: {
          coding: [{ system: 'http://www.nlm.nih.gov/research/umls/rxnorm', code: '860975', display: 'metformin 500 MG' }],
        },
      }),
    ).toMatchObject({
      sourceId: 'MedicationRequest/mr1',
      drugName: 'metformin 500 MG',
      drugNdc: null,
      datePrescribed: '2023-02-01',
      provider: 'Dr. A',
    });
    expect(
      conditionFromResource({
        resourceType: 'Condition',
        id: 'c1',
        clinicalStatus: { coding: [{ code: 'active' }] },
        code: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'E11.9', display: 'Diabetes' }] },
        onsetDateTime: '2019-05-01',
      }),
    ).toEqual({
      sourceId: 'c1',
      codeSystem: 'http://hl7.org/fhir/sid/icd-10-cm',
      code: 'E11.9',
      display: 'Diabetes',
      clinicalStatus: 'active',
      onsetDate: '2019-05-01',
    });
    expect(
      coverageFromResource({
        resourceType: 'Coverage',
        id: 'cov1',
        status: 'active',
        period: { start: '2026-01-01' },
        class: [
          { type: { coding: [{ code: 'group' }] }, value: 'G1' },
          { type: { coding: [{ code: 'plan' }] }, value: 'H1234-001', name: 'Gold Plus (HMO)' },
        ],
      }),
    ).toMatchObject({ planName: 'Gold Plus (HMO)', marketingName: 'Gold Plus (HMO)', planYear: 2026, status: 'active' });
    expect(
      demographicsFromPatient({
        resourceType: 'Patient',
        name: [
          { use: 'usual', given: ['Jo'] },
          { use: 'official', family: 'Doe', given: ['Jane', 'Q'] },
        ],
        telecom: [{ system: 'phone', value: '555-0100' }],
        address: [{ line: ['1 Main St', 'Apt 2'], city: 'Boston', state: 'MA', postalCode: '02110' }],
        birthDate: '1950-04-02',
        gender: 'female',
      }),
    ).toEqual({
      firstName: 'Jane Q',
      lastName: 'Doe',
      email: null,
      phoneNumber: '555-0100',
      streetAddress: '1 Main St, Apt 2',
      city: 'Boston',
      district: null,
      state: 'MA',
      postalCode: '02110',
      birthdate: '1950-04-02',
      gender: 'female',
    });
  });

  it('ignores resources without an id or of another type', () => {
    expect(claimFromEob({ resourceType: 'ExplanationOfBenefit' })).toBeNull();
    expect(claimFromEob({ resourceType: 'Claim', id: 'x' })).toBeNull();
    expect(conditionFromResource({ resourceType: 'Condition' })).toBeNull();
  });
});

// ---- Money ----------------------------------------------------------------------------------------------------

type Money = string | null;
/** [EOB id, insurer paid, patient paid, deductible, copay, coinsurance, fills: [insurer paid, patient paid, total]]. */
type Expected = [string, Money, Money, Money, Money, Money, [Money, Money, Money][]?];

/**
 * Every ExplanationOfBenefit of the shared payer samples (test/fixtures/fhir-payer, see its SOURCE.md), with the
 * amounts read off each resource by hand. Blue Button claims give the claim-level deductibles, coinsurance and
 * payments in benefit balances and the carrier coinsurance on the lines; Part D events give plan paid, patient
 * paid and total drug cost per line (the gross drug cost coded `coinsurance` is not coinsurance). The CARIN
 * connectathon claims repeat one figure under several categories: each is counted once.
 */
const SAMPLES: Record<string, Expected[]> = {
  'bluebutton-bb2': [
    ['carrier-22639159481', '50.00', '10.00', '0.00', null, '10.00'],
    ['inpatient-4436342082', '10000.00', '1000.00', '1000.00', null, '0.00'],
    ['outpatient-4412920419', '20.00', '0.00', '0.00', null, '0.00'],
    ['pde--3269834580', '0.00', '0.00', null, null, null, [['0.00', '0.00', '10.00']]],
    ['pde--4894712975', '10.00', '10.00', null, null, null, [['10.00', '10.00', '10.00']]],
    ['pde--5764339373', '300.00', '10.00', null, null, null, [['300.00', '10.00', '400.00']]],
    ['pde--7060841642', '0.00', '30.00', null, null, null, [['0.00', '30.00', '30.00']]],
    ['pde--930361669', '0.00', '10.00', null, null, null, [['0.00', '10.00', '10.00']]],
    ['pde-3269834580', '0.00', '0.00', null, null, null, [['0.00', '0.00', '10.00']]],
    ['pde-4894712975', '10.00', '10.00', null, null, null, [['10.00', '10.00', '10.00']]],
    ['pde-5764339373', '300.00', '10.00', null, null, null, [['300.00', '10.00', '400.00']]],
    ['pde-7060841642', '0.00', '30.00', null, null, null, [['0.00', '30.00', '30.00']]],
    ['pde-930361669', '0.00', '10.00', null, null, null, [['0.00', '10.00', '10.00']]],
  ],
  'bluebutton-bbuser29999': [
    ['pde--1010252550', '0.00', '0.00', null, null, null, [['0.00', '0.00', '0.00']]],
    ['pde--1046286310', '10.00', '0.00', null, null, null, [['10.00', '0.00', '10.00']]],
    ['pde--1065188274', '0.00', '10.00', null, null, null, [['0.00', '10.00', '20.00']]],
    ['pde--1248370396', '0.00', '0.00', null, null, null, [['0.00', '0.00', '0.00']]],
    ['pde--1439717659', '30.00', '10.00', null, null, null, [['30.00', '10.00', '40.00']]],
    ['pde--1491241055', '0.00', '0.00', null, null, null, [['0.00', '0.00', '10.00']]],
    ['pde--1563826837', '20.00', '20.00', null, null, null, [['20.00', '20.00', '20.00']]],
    ['pde--1597912769', '0.00', '0.00', null, null, null, [['0.00', '0.00', '0.00']]],
    ['pde--1652397328', '80.00', '20.00', null, null, null, [['80.00', '20.00', '100.00']]],
    ['pde--1723334608', '0.00', '10.00', null, null, null, [['0.00', '10.00', '10.00']]],
    ['carrier-22011027731', '0.00', null, null, null, null],
  ],
  'bluebutton-sdk-history': [
    ['carrier--10344810963', '60.00', '20.00', '0.00', null, '20.00'],
    ['carrier--10520418572', '350.00', '90.00', '0.00', null, '90.00'],
    ['carrier--11205033623', '30.00', '10.00', '0.00', null, '10.00'],
    ['carrier--11218100099', '20.00', '0.00', '0.00', null, '0.00'],
    ['carrier--11355351340', '10.00', '30.00', '10.00', null, '20.00'],
    ['outpatient--1147969185', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1149299544', '20.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1149521265', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1152265228', '30.00', '30.00', '20.00', null, '10.00'],
    ['outpatient--1179310789', '40.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1181143362', '60.00', '100.00', '0.00', null, '100.00'],
    ['outpatient--1182154141', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1183096955', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1238287376', '20.00', '40.00', '40.00', null, '0.00'],
    ['outpatient--1750257836', '700.00', '600.00', '0.00', null, '600.00'],
    ['outpatient--1750856118', '70.00', '10.00', '0.00', null, '10.00'],
    ['outpatient--1751331465', '700.00', '600.00', '0.00', null, '600.00'],
    ['outpatient--1752005908', '150.00', '100.00', '0.00', null, '100.00'],
    ['outpatient--1752201350', '0.00', '60.00', '60.00', null, '0.00'],
    ['outpatient--1752419684', '70.00', '10.00', '0.00', null, '10.00'],
    ['outpatient--1752711676', '70.00', '10.00', '0.00', null, '10.00'],
    ['outpatient--1752916450', '0.00', '60.00', '60.00', null, '0.00'],
    ['outpatient--1752986426', '70.00', '10.00', '0.00', null, '10.00'],
    ['outpatient--1753468089', '10.00', '50.00', '40.00', null, '10.00'],
    ['outpatient--1756933257', '60.00', '200.00', '0.00', null, '200.00'],
    ['outpatient--1758808580', '0.00', '10.00', '0.00', null, '10.00'],
    ['outpatient--1792271150', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1858957266', '80.00', '80.00', '0.00', null, '80.00'],
    ['outpatient--1873045130', '20.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1936305357', '50.00', '10.00', '0.00', null, '10.00'],
    ['outpatient--1936402600', '40.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1964731385', '20.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--1965803020', '50.00', '30.00', '0.00', null, '30.00'],
    ['outpatient--1995434832', '0.00', '50.00', '50.00', null, '0.00'],
    ['outpatient--1996698346', '50.00', '10.00', '0.00', null, '10.00'],
    ['outpatient--1996976059', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--2006784794', '20.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--2009692812', '10.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--2029412704', '40.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--2033221598', '90.00', '50.00', '0.00', null, '50.00'],
    ['outpatient--2043841196', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--2045788803', '30.00', '0.00', '0.00', null, '0.00'],
    ['outpatient--2053368122', '100.00', '150.00', '0.00', null, '150.00'],
    ['carrier--9311755162', '40.00', '10.00', '0.00', null, '10.00'],
    ['carrier--9319115318', '40.00', '10.00', '0.00', null, '10.00'],
    ['carrier--9322702860', '30.00', '10.00', '0.00', null, '10.00'],
    ['carrier--9323506232', '40.00', '10.00', '0.00', null, '10.00'],
    ['carrier--9324614917', '150.00', '30.00', '0.00', null, '30.00'],
    ['carrier--9325079167', '60.00', '20.00', '0.00', null, '20.00'],
    ['carrier--9325420954', '90.00', '20.00', '0.00', null, '20.00'],
    ['carrier--9329244002', '90.00', '20.00', '0.00', null, '20.00'],
    ['carrier--9344958748', '350.00', '80.00', '0.00', null, '80.00'],
  ],
  'carin-connectathon-2020': [
    ['EOB12345', null, null, null, null, null],
    ['EOB12346', null, '424.00', null, '424.00', null],
    ['01234567801-FR123E1230000010000010001', '0.00', '139.86', '139.86', '0.00', null],
    ['01234567801-GNXYZ1230000010000010001', '59.00', '0.00', '0.00', '0.00', null],
    ['4791ba6a-bde6-460b-b7ca-729d994b495f', '1505.90', '1505.90', '0.00', '0.00', '0.00'],
    ['fcceee01-61ec-43a2-95a9-6525b53efd28', '6440.46', '6383.98', '600.00', '60.00', '0.00'],
    ['d5991a8f-5bce-41aa-926e-d4370c215a0a', '2167.81', '2126.33', '900.00', '75.00', '0.00'],
    ['64ced8e6-78c0-4cd9-bc63-3ce6e54e9568', '1846.30', '1846.30', '0.00', '0.00', '0.00'],
    ['ec019c07-b18a-4f46-885e-6b012c1f264c', '40.28', '40.28', '0.00', '0.00', '0.00', [['40.28', '40.28', '40.28']]],
    ['319231f2-1d78-4ee3-9ef1-c06563610561', '14.43', '14.43', '0.00', '0.00', '0.00', [['14.43', '14.43', '14.43']]],
    ['7665f579-6a4d-49a2-941d-467b6bc33df8', '465.95', '414.47', '700.00', '455.00', '0.00'],
    ['30736584-f300-4c1b-8207-aff424a0c1ea', '465.95', '389.47', '0.00', '360.00', '0.00'],
  ],
  'carin-ig-draft-2020': [
    ['InpatientEOBExample1', '1393.57', '0.00', '0.00', '120.00', null],
    ['OutpatientEOBExample1', '56.52', '0.00', '0.00', '0.00', null],
    ['ProfessionalEOBExample1', '258.91', '0.00', '0.00', '0.00', null],
  ],
  'inferno-reference': [
    ['c4bb-EOBInpatient', '620.00', '0.00', null, null, null],
    ['c4bb-EOBOutpatient', '620.00', '0.00', null, null, null],
    ['c4bb-EOBOral', '350.00', null, null, null, null],
    ['c4bb-EOBPharmacy', '620.00', '0.00', null, null, null, [['20.00', '80.00', '1000.00']]],
    ['c4bb-EOBProfessional', '620.00', '0.00', null, null, null],
    ['pdex-ExplanationOfBenefit', null, null, null, null, null],
  ],
};

const fixture = (name: string): FhirInput[] =>
  JSON.parse(gunzipSync(readFileSync(join(__dirname, '../../../test/fixtures/fhir-payer', `${name}.json.gz`))).toString('utf8'));

describe('money of every sample EOB', () => {
  it.each(Object.keys(SAMPLES))('%s: every EOB of the fixture has its expected amounts', (source) => {
    const eobs = fixture(source);
    expect(eobs.map((e) => e.id).sort()).toEqual(SAMPLES[source].map(([id]) => id).sort());
    for (const eob of eobs) {
      const [id, insurer, patient, deductible, copay, coinsurance, fills = []] = SAMPLES[source].find(([i]) => i === eob.id)!;
      const claim = claimFromEob(eob)!;
      const got = [claim.paymentAmount, claim.patientPaid, claim.deductible, claim.copay, claim.coinsurance].map(moneyString);
      expect([id, ...got]).toEqual([id, insurer, patient, deductible, copay, coinsurance]);
      const rx = prescriptionsFromEob(eob).map((p) => [p.insurerPaid, p.patientPaid, p.totalPrice].map(moneyString));
      expect([id, rx]).toEqual([id, fills]);
    }
  });

  it('counts the CARIN connectathon inpatient payment of 1,505.90 once, not once per category that repeats it', () => {
    const inpatient = fixture('carin-connectathon-2020').find((e) => e.id === '4791ba6a-bde6-460b-b7ca-729d994b495f')!;
    expect(claimFromEob(inpatient)?.paymentAmount).toBe(1505.9);
    expect(claimFromEob(inpatient)?.searchText).toContain('$1,505.90');
  });
});

describe('money precedence', () => {
  const HL7 = 'http://terminology.hl7.org/CodeSystem/adjudication';
  const CMS = 'https://bluebutton.cms.gov/resources/codesystem/adjudication';
  const entry = (code: string, value: number, system = C4BB_ADJ) => ({ category: { coding: [{ system, code }] }, amount: { value } });
  const cms = (variable: string, value: number, c4bb?: string) => ({
    category: {
      coding: [
        ...(c4bb ? [{ system: C4BB_ADJ, code: c4bb }] : []),
        { system: CMS, code: `https://bluebutton.cms.gov/resources/variables/${variable}` },
      ],
    },
    amount: { value },
  });
  const eob = (fields: Record<string, unknown>) => ({ resourceType: 'ExplanationOfBenefit', id: 'e1', status: 'active', ...fields });
  const money = (resource: object) => {
    const claim = claimFromEob(resource as FhirInput)!;
    return {
      insurer: claim.paymentAmount,
      patient: claim.patientPaid,
      deductible: claim.deductible,
      copay: claim.copay,
      coinsurance: claim.coinsurance,
    };
  };

  it.each([
    ['payment over its parts and the benefit', [entry('payment', 100, HL7), entry('paidtoprovider', 100), entry('benefit', 90, HL7)], 100],
    [
      'paid to provider + paid to patient over the benefit',
      [entry('paidtoprovider', 70), entry('paidtopatient', 30), entry('benefit', 90, HL7)],
      100,
    ],
    ['paid to the provider alone', [entry('paidtoprovider', 70), entry('benefit', 90, HL7)], 70],
    ['the benefit when nothing else is given', [entry('benefit', 90, HL7), entry('submitted', 400, HL7)], 90],
    ['none from amounts that are not payments', [entry('submitted', 400, HL7), entry('eligible', 300, HL7)], null],
  ])('insurer paid: %s', (_, total, expected) => {
    expect(money(eob({ total })).insurer).toBe(expected);
  });

  it('insurer paid: the payment amount of the claim over any total', () => {
    expect(money(eob({ payment: { amount: { value: 55 } }, total: [entry('paidtoprovider', 60)] })).insurer).toBe(55);
  });

  it.each([
    [
      'paid by patient over its parts',
      [entry('paidbypatient', 50), entry('paidbypatientcash', 20), entry('memberliability', 45), entry('copay', 10, HL7)],
      50,
    ],
    [
      'cash + other over member liability',
      [entry('paidbypatientcash', 20), entry('paidbypatientother', 5), entry('memberliability', 45)],
      25,
    ],
    ['member liability over the parts', [entry('memberliability', 45), entry('deductible', 30, HL7), entry('copay', 10, HL7)], 45],
    [
      'the sum of deductible, copay and coinsurance',
      [entry('deductible', 30, HL7), entry('copay', 10, HL7), entry('coinsurance', 2.5)],
      42.5,
    ],
    ['none when no patient amount is given', [entry('paidtoprovider', 60)], null],
  ])('patient paid: %s', (_, total, expected) => {
    expect(money(eob({ total })).patient).toBe(expected);
  });

  it('takes line amounts only where the claim gives none of their kind', () => {
    const item = [
      { sequence: 1, adjudication: [entry('paidtoprovider', 10), entry('paidbypatient', 3), entry('copay', 3, HL7)] },
      { sequence: 2, adjudication: [entry('paidtoprovider', 20), entry('paidbypatient', 4), entry('coinsurance', 4)] },
    ];
    expect(money(eob({ item }))).toEqual({ insurer: 30, patient: 7, deductible: null, copay: 3, coinsurance: 4 });
    expect(money(eob({ item, total: [entry('paidtoprovider', 28), entry('paidbypatient', 9)] }))).toEqual({
      insurer: 28,
      patient: 9,
      deductible: null,
      copay: 3,
      coinsurance: 4,
    });
  });

  it("keeps a Blue Button carrier claim's deductible from the claim and its coinsurance from the lines", () => {
    const carrier = eob({
      payment: { amount: { value: 80 } },
      benefitBalance: [
        {
          category: { coding: [{ code: '1' }] },
          financial: [
            {
              type: {
                coding: [
                  {
                    system: 'https://bluebutton.cms.gov/resources/codesystem/benefit-balance',
                    code: 'https://bluebutton.cms.gov/resources/variables/carr_clm_cash_ddctbl_apld_amt',
                  },
                ],
              },
              usedMoney: { value: 15 },
            },
          ],
        },
      ],
      item: [
        { sequence: 1, adjudication: [cms('line_bene_ptb_ddctbl_amt', 10, 'deductible'), cms('line_coinsrnc_amt', 12, 'coinsurance')] },
        { sequence: 2, adjudication: [cms('line_bene_ptb_ddctbl_amt', 5, 'deductible'), cms('line_coinsrnc_amt', 8, 'coinsurance')] },
      ],
    });
    expect(money(carrier)).toEqual({ insurer: 80, patient: 35, deductible: 15, copay: null, coinsurance: 20 });
  });

  it('never reads benefit balances other than Blue Button claim amounts (plan-year accumulators)', () => {
    const claim = eob({
      total: [entry('paidtoprovider', 60)],
      benefitBalance: [
        {
          category: { coding: [{ code: 'medical' }] },
          financial: [
            {
              type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/benefit-type', code: 'deductible' }] },
              usedMoney: { value: 900 },
            },
          ],
        },
      ],
    });
    expect(money(claim)).toEqual({ insurer: 60, patient: null, deductible: null, copay: null, coinsurance: null });
  });

  it('reads what a Blue Button variable says over a loose C4BB coding of the same amount', () => {
    const pde = eob({
      type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'pharmacy' }] },
      item: [
        {
          sequence: 1,
          productOrService: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: '00093-7214-01' }] },
          adjudication: [
            cms('cvrd_d_plan_pd_amt', 300, 'benefit'),
            cms('gdc_blw_oopt_amt', 400, 'coinsurance'),
            cms('ptnt_pay_amt', 10, 'paidbypatient'),
            cms('lics_amt', 90, 'discount'),
            cms('tot_rx_cst_amt', 400, 'drugcost'),
          ],
        },
      ],
    });
    expect(money(pde)).toEqual({ insurer: 300, patient: 10, deductible: null, copay: null, coinsurance: null });
    expect(prescriptionsFromEob(pde as FhirInput)).toMatchObject([{ insurerPaid: 300, patientPaid: 10, totalPrice: 400 }]);
  });

  it("takes a revenue centre line's reduced coinsurance over its wage-adjusted one, and the variable's payment over a `submitted` code", () => {
    const outpatient = eob({
      item: [
        {
          sequence: 1,
          adjudication: [
            cms('rev_cntr_coinsrnc_wge_adjstd_c', 30, 'coinsurance'),
            cms('rev_cntr_rdcd_coinsrnc_amt', 20, 'coinsurance'),
            cms('rev_cntr_pmt_amt_amt', 120, 'submitted'),
          ],
        },
        {
          sequence: 2,
          adjudication: [cms('rev_cntr_coinsrnc_wge_adjstd_c', 7, 'coinsurance'), cms('rev_cntr_rdcd_coinsrnc_amt', 0, 'coinsurance')],
        },
      ],
    });
    expect(money(outpatient)).toEqual({ insurer: 120, patient: 27, deductible: null, copay: null, coinsurance: 27 });
  });

  it("gives a claim's only fill the claim's amounts when its line has none, and no claim amounts to one of several fills", () => {
    const ndcLine = (sequence: number) => ({
      sequence,
      productOrService: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: `0009372140${sequence}` }] },
    });
    const pharmacyClaim = (item: object[]) =>
      eob({
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'pharmacy' }] },
        total: [entry('payment', 30, HL7), entry('paidbypatient', 12), entry('submitted', 42, HL7)],
        item,
      }) as FhirInput;
    expect(prescriptionsFromEob(pharmacyClaim([ndcLine(1)]))).toMatchObject([{ insurerPaid: 30, patientPaid: 12, totalPrice: 42 }]);
    expect(prescriptionsFromEob(pharmacyClaim([ndcLine(1), ndcLine(2)]))).toMatchObject([
      { insurerPaid: null, patientPaid: null, totalPrice: null },
      { insurerPaid: null, patientPaid: null, totalPrice: null },
    ]);
  });
});

describe('claim subtype, service end and care lines', () => {
  const eob = (fields: Record<string, unknown>) => ({ resourceType: 'ExplanationOfBenefit', id: 'e1', status: 'active', ...fields });
  const item = (fields: Record<string, unknown>) => ({ sequence: 1, ...fields });

  it('takes the C4BB subType over the Blue Button type, then the declared profile, then the 2020 CARIN facility type', () => {
    const subtypeOf = (fields: Record<string, unknown>) => claimFromEob(eob(fields))!.subtype;
    expect(
      subtypeOf({
        type: { coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'SNF' }] },
        subType: { coding: [{ system: 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBInstitutionalClaimSubType', code: 'Inpatient' }] },
      }),
    ).toBe('inpatient');
    expect(subtypeOf({ type: { coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'HHA' }] } })).toBe(
      'hha',
    );
    expect(
      subtypeOf({
        meta: { profile: ['http://hl7.org/fhir/us/carin-bb/StructureDefinition/C4BB-ExplanationOfBenefit-Outpatient-Institutional|1.1.0'] },
      }),
    ).toBe('outpatient');
    const carin2020 = fixture('carin-connectathon-2020').find((e) => e.id === '4791ba6a-bde6-460b-b7ca-729d994b495f')!;
    expect(claimFromEob(carin2020)?.subtype).toBe('inpatient');
    // A code of another system, or one no list knows, is no subtype.
    expect(
      subtypeOf({ type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: 'institutional' }] } }),
    ).toBeNull();
    expect(
      subtypeOf({ type: { coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'XYZ' }] } }),
    ).toBeNull();
  });

  it("ends the service at the billable period's end, else at the latest item's end", () => {
    const items = [
      item({ servicedPeriod: { start: '2024-03-01', end: '2024-03-09' } }),
      item({ servicedDate: '2024-03-04' }),
      item({ servicedPeriod: { start: '2024-03-01' } }),
    ];
    expect(claimFromEob(eob({ billablePeriod: { start: '2024-03-01', end: '2024-03-05' }, item: items }))!.serviceEndDate).toBe(
      '2024-03-05',
    );
    expect(claimFromEob(eob({ billablePeriod: { start: '2024-03-01' }, item: items }))!.serviceEndDate).toBe('2024-03-09');
    expect(claimFromEob(eob({ billablePeriod: { start: '2024-03-01' } }))!.serviceEndDate).toBeNull();
  });

  it('reads codes by system and shape: HCPCS upper case, places of service in 2 digits, revenue codes in 4', () => {
    const lines = claimFromEob(
      eob({
        item: [
          item({
            productOrService: {
              coding: [
                { system: 'http://snomed.info/sct', code: '12345' },
                { system: 'http://www.ama-assn.org/go/cpt', code: 'j1885' },
              ],
            },
            locationCodeableConcept: {
              coding: [{ system: 'https://bluebutton.cms.gov/resources/variables/line_place_of_srvc_cd', code: '2' }],
            },
            revenue: { coding: [{ system: 'http://www.nubc.org/RevenueCodes', code: '450' }] },
          }),
          item({
            productOrService: { coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/hcpcs', code: '99213-25' }] },
            locationCodeableConcept: { coding: [{ system: 'http://example.org/places', code: '11' }] },
            revenue: { coding: [{ system: 'https://www.nubc.org/CodeSystem/RevenueCodes', code: 'Dummy' }] },
            adjudication: [adj('benefit', 10)],
          }),
          // Nothing a category rule could use: left out.
          item({ productOrService: { coding: [{ system: 'http://snomed.info/sct', code: '261352009' }] } }),
        ],
      }),
    )!.careLines;
    expect(lines).toEqual([
      { code: 'J1885', placeOfService: '02', revenue: '0450', allowed: null },
      { code: null, placeOfService: null, revenue: null, allowed: 10 },
    ]);
  });

  it("takes a line's stated allowed amount (Blue Button) over its paid amounts, and keeps the claim's money as it was", () => {
    const cms = (variable: string, value: number) => ({
      category: {
        coding: [
          {
            system: 'https://bluebutton.cms.gov/resources/codesystem/adjudication',
            code: `https://bluebutton.cms.gov/resources/variables/${variable}`,
          },
        ],
      },
      amount: { value },
    });
    const claim = claimFromEob(
      eob({
        type: { coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/eob-type', code: 'CARRIER' }] },
        item: [
          item({ adjudication: [cms('line_nch_pmt_amt', 64), cms('line_coinsrnc_amt', 16), cms('line_alowd_chrg_amt', 85)] }),
          item({ sequence: 2, adjudication: [cms('line_nch_pmt_amt', 40), cms('line_coinsrnc_amt', 10)] }),
        ],
      }),
    )!;
    expect(claim.careLines.map((l) => l.allowed)).toEqual([85, 50]);
    expect([claim.paymentAmount, claim.patientPaid, claim.coinsurance]).toEqual([104, 26, 26]);
  });
});
