import {
  claimFromEob,
  conditionFromResource,
  coverageFromResource,
  demographicsFromPatient,
  prescriptionFromMedicationRequest,
  prescriptionsFromEob,
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
      serviceDate: '2024-03-05',
      paymentAmount: 92.5,
      renderingProvider: 'Dr. Rendering',
      diagnoses: [
        { id: '2', diagnosis_code: 'E11.9', diagnosis_display: 'Type 2 diabetes mellitus without complications' },
        { id: '1', diagnosis_code: 'I10', diagnosis_display: 'Essential (primary) hypertension' },
      ],
      procedures: [{ id: 'i1', procedure_code: '99213', procedure_date: '2024-03-05', procedure_display: 'Office visit' }],
    });
    expect(prescriptionsFromEob(professional)).toEqual([]);
  });

  it('projects each NDC line of a pharmacy claim as a prescription with the amounts by adjudication category', () => {
    expect(prescriptionsFromEob(pharmacy)).toEqual([
      {
        sourceId: 'ExplanationOfBenefit/eob-rx-1/1',
        drugName: 'Metformin 500 MG Oral Tablet',
        drugNdc: '00093721401',
        datePrescribed: '2024-04-02',
        provider: 'Dr. Prescriber',
        patientPaid: 4,
        insurerPaid: 10.2,
        totalPrice: 14.2,
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
