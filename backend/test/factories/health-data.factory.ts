import { randomUUID } from 'node:crypto';

const ADJUDICATION = 'http://terminology.hl7.org/CodeSystem/adjudication';
const C4BB_ADJUDICATION = 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBAdjudication';

export interface EobSpec {
  id: string;
  /** YYYY-MM-DD, the billable period's start; null for a claim with no date at all. */
  date: string | null;
  status: string;
  type: 'professional' | 'institutional' | 'pharmacy';
  provider: string;
  /** Insurer paid (the claim's payment). */
  payment: number;
  patientPaid: number | null;
  deductible: number | null;
  copay: number | null;
  coinsurance: number | null;
  diagnoses: [code: string, display: string][];
  procedures: [code: string, display: string][];
  /** Pharmacy claims: the NDC and drug of their one fill. */
  drug: { ndc: string; name: string } | null;
}

const total = (system: string, code: string, value: number | null) =>
  value === null ? [] : [{ category: { coding: [{ system, code }] }, amount: { value, currency: 'USD' } }];

/** A CARIN Blue Button ExplanationOfBenefit, as an insurer sends it, with its amounts in the totals. */
export function buildEob(overrides: Partial<EobSpec> = {}): Record<string, unknown> {
  const spec: EobSpec = {
    id: `eob-${randomUUID()}`,
    date: '2025-03-04',
    status: 'active',
    type: 'professional',
    provider: 'Dr. Rivera',
    payment: 120.5,
    patientPaid: 30,
    deductible: 10,
    copay: 20,
    coinsurance: null,
    diagnoses: [['E11.9', 'Type 2 diabetes mellitus without complications']],
    procedures: [['99213', 'Office or other outpatient visit']],
    drug: null,
    ...overrides,
  };
  const type = spec.drug ? 'pharmacy' : spec.type;
  return {
    resourceType: 'ExplanationOfBenefit',
    id: spec.id,
    status: spec.status,
    outcome: 'complete',
    type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/claim-type', code: type }] },
    ...(spec.date ? { billablePeriod: { start: spec.date, end: spec.date } } : {}),
    careTeam: [
      {
        sequence: 1,
        provider: { display: spec.provider },
        role: {
          coding: [
            { system: 'http://hl7.org/fhir/us/carin-bb/CodeSystem/C4BBClaimCareTeamRole', code: spec.drug ? 'prescribing' : 'performing' },
          ],
        },
      },
    ],
    diagnosis: spec.diagnoses.map(([code, display], i) => ({
      sequence: i + 1,
      diagnosisCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code, display }] },
    })),
    procedure: spec.procedures.map(([code, display], i) => ({
      sequence: i + 1,
      ...(spec.date ? { date: `${spec.date}T00:00:00Z` } : {}),
      procedureCodeableConcept: { coding: [{ system: 'https://bluebutton.cms.gov/resources/codesystem/hcpcs', code, display }] },
    })),
    item: spec.drug
      ? [
          {
            sequence: 1,
            productOrService: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: spec.drug.ndc, display: spec.drug.name }] },
            ...(spec.date ? { servicedDate: spec.date } : {}),
          },
        ]
      : [],
    total: [
      ...total(ADJUDICATION, 'submitted', spec.payment + (spec.patientPaid ?? 0)),
      ...total(C4BB_ADJUDICATION, 'paidbypatient', spec.patientPaid),
      ...total(ADJUDICATION, 'deductible', spec.deductible),
      ...total(ADJUDICATION, 'copay', spec.copay),
      ...total(C4BB_ADJUDICATION, 'coinsurance', spec.coinsurance),
      // The same money twice, as CARIN totals give it: only `payment` may count.
      ...total(ADJUDICATION, 'payment', spec.payment),
      ...total(C4BB_ADJUDICATION, 'paidtoprovider', spec.payment),
    ],
  };
}

/** A MedicationRequest (a prescription without money). */
export function buildMedicationRequest(overrides: { id?: string; authoredOn?: string | null; ndc?: string; name?: string } = {}) {
  const { id = `mr-${randomUUID()}`, authoredOn = '2025-01-10', ndc = '00093104801', name = 'Metformin 500 MG Oral Tablet' } = overrides;
  return {
    resourceType: 'MedicationRequest',
    id,
    status: 'active',
    intent: 'order',
    ...(authoredOn ? { authoredOn } : {}),
    requester: { display: 'Dr. Rivera' },
    medicationCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/sid/ndc', code: ndc, display: name }] },
  };
}

/** A Coverage with its plan class. */
export function buildCoverage(overrides: { id?: string; start?: string; end?: string; plan?: string; status?: string } = {}) {
  const { id = `cov-${randomUUID()}`, start = '2025-01-01', end, plan = 'Gold Plus (HMO)', status = 'active' } = overrides;
  return {
    resourceType: 'Coverage',
    id,
    status,
    period: { start, ...(end ? { end } : {}) },
    class: [
      {
        type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/coverage-class', code: 'plan' }] },
        value: 'H1234-001',
        name: plan,
      },
    ],
  };
}
