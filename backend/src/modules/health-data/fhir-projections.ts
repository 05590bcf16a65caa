/**
 * Projections of FHIR R4 payer resources (CARIN Blue Button, CMS Blue Button 2.0) into the rows the screens
 * read. Everything is found by code system and code, never by position in an array.
 */

import type { HealthServiceDiagnosis, HealthServiceProcedure } from '@healthlink/contracts';
import type {
  CodeableConcept,
  Coding,
  Condition,
  Coverage,
  ExplanationOfBenefit,
  ExplanationOfBenefitItemAdjudication,
  MedicationRequest,
  Money,
  Patient,
  Resource,
} from '@medplum/fhirtypes';

/** A resource as an insurer sent it: any object, whatever its type; the projections narrow it by resourceType. */
export type FhirInput = Record<string, unknown>;

/**
 * A resource read through its R4 type but trusted in no field: any may be missing (and is checked where it is read,
 * since an insurer may send a value of another type).
 */
type Received<T> = T extends readonly (infer U)[] ? Received<U>[] : T extends object ? { [K in keyof T]?: Received<T[K]> } : T;

function received<T extends Resource>(resource: FhirInput, resourceType: T['resourceType']): Received<T> | null {
  return resource.resourceType === resourceType ? (resource as Received<T>) : null;
}

export const SYSTEMS = {
  ndc: ['http://hl7.org/fhir/sid/ndc'],
  icd10: ['http://hl7.org/fhir/sid/icd-10-cm', 'http://hl7.org/fhir/sid/icd-10', 'http://hl7.org/fhir/sid/icd-9-cm'],
  procedure: [
    'https://bluebutton.cms.gov/resources/codesystem/hcpcs',
    'http://www.ama-assn.org/go/cpt',
    'https://www.cms.gov/Medicare/Coding/HCPCSReleaseCodeSets',
    'http://www.cms.gov/Medicare/Coding/ICD10',
    'http://hl7.org/fhir/sid/icd-10-pcs',
    'http://snomed.info/sct',
  ],
  rxnorm: ['http://www.nlm.nih.gov/research/umls/rxnorm'],
} as const;

// Adjudication categories, by code (C4BB, HL7 adjudication, and the CMS Blue Button variables).
const PATIENT_PAID = new Set([
  'paidbypatient',
  'paidbypatientcash',
  'paidbypatientother',
  'copay',
  'coinsurance',
  'deductible',
  'ptnt_pay_amt',
  'line_bene_pmt_amt',
  'line_bene_ptb_ddctbl_amt',
  'line_coinsrnc_amt',
]);
const INSURER_PAID = new Set([
  'paidtoprovider',
  'benefit',
  'payment',
  'cvrd_d_plan_pd_amt',
  'line_nch_pmt_amt',
  'line_prvdr_pmt_amt',
  'clm_pmt_amt',
]);
const TOTAL = new Set(['submitted', 'tot_rx_cst_amt', 'line_sbmtd_chrg_amt', 'clm_tot_chrg_amt']);
const PHARMACY_TYPES = new Set(['pharmacy', 'PDE', 'rx']);

type Eob = Received<ExplanationOfBenefit>;
type Concept = Received<CodeableConcept> | undefined;
/** An item's adjudication or a claim's total: both a category and an amount. */
type Adjudication = Received<Pick<ExplanationOfBenefitItemAdjudication, 'category' | 'amount'>>;

const asArray = <T>(value: T[] | undefined): T[] => (Array.isArray(value) ? value : []);
const str = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value.trim() : null);

export function codingIn(concept: Concept, systems: readonly string[]): Received<Coding> | null {
  return asArray(concept?.coding).find((c) => c.system && systems.includes(c.system) && c.code) ?? null;
}

/** The last path segment of a code's URL-shaped system, or the code itself (CMS variables put the name in the system). */
function categoryCodes(category: Concept): string[] {
  return asArray(category?.coding).flatMap((c) =>
    [c.code, c.system?.split('/').pop()].filter((v): v is string => !!v).map((v) => v.toLowerCase()),
  );
}

const money = (value: Received<Money> | undefined): number | null => {
  const amount = value?.value;
  return typeof amount === 'number' && Number.isFinite(amount) ? amount : null;
};
/** Money leaves the database as a string with two decimals (the spec's shape). */
export const moneyString = (value: number | null): string | null => (value === null ? null : value.toFixed(2));

const dateOnly = (value: unknown): string | null => {
  const text = str(value);
  return text && /^\d{4}-\d{2}-\d{2}/.test(text) ? text.slice(0, 10) : null;
};

function adjudicated(adjudications: Adjudication[] | undefined, codes: Set<string>): number | null {
  let total: number | null = null;
  for (const adjudication of asArray(adjudications)) {
    if (!categoryCodes(adjudication.category).some((code) => codes.has(code))) continue;
    const amount = money(adjudication.amount);
    if (amount !== null) total = (total ?? 0) + amount;
  }
  return total;
}

function eobType(resource: Eob): string | null {
  const codings = asArray(resource.type?.coding);
  const coding = codings.find((c) => c.system === 'http://terminology.hl7.org/CodeSystem/claim-type') ?? codings.find((c) => c.code);
  return coding?.code ?? null;
}

function isPharmacy(resource: Eob): boolean {
  return asArray(resource.type?.coding).some((c) => c.code && PHARMACY_TYPES.has(c.code));
}

function providerName(resource: Eob, roles: string[]): string | null {
  for (const member of asArray(resource.careTeam)) {
    const codes = categoryCodes(member.role);
    if (roles.some((role) => codes.includes(role))) {
      const provider = member.provider;
      const name = str(provider?.display) ?? str(provider?.identifier?.value) ?? str(provider?.reference);
      if (name) return name;
    }
  }
  const fallback = resource.provider;
  return str(fallback?.display) ?? str(fallback?.identifier?.value) ?? null;
}

function serviceDate(resource: Eob): string | null {
  const firstItemDate = asArray(resource.item)
    .map((i) => dateOnly(i.servicedDate) ?? dateOnly(i.servicedPeriod?.start))
    .find(Boolean);
  return dateOnly(resource.billablePeriod?.start) ?? firstItemDate ?? dateOnly(resource.created);
}

export interface ClaimRow {
  sourceId: string;
  claimType: string | null;
  status: string | null;
  outcome: string | null;
  serviceDate: string | null;
  paymentAmount: number | null;
  renderingProvider: string | null;
  diagnoses: HealthServiceDiagnosis[];
  procedures: HealthServiceProcedure[];
}

export function claimFromEob(input: FhirInput): ClaimRow | null {
  const id = str(input.id);
  const resource = received<ExplanationOfBenefit>(input, 'ExplanationOfBenefit');
  if (!id || !resource) return null;
  const diagnoses: HealthServiceDiagnosis[] = [];
  for (const diagnosis of asArray(resource.diagnosis)) {
    const coding = codingIn(diagnosis.diagnosisCodeableConcept, SYSTEMS.icd10);
    if (coding?.code) {
      diagnoses.push({
        id: String(diagnosis.sequence ?? diagnoses.length + 1),
        diagnosis_code: coding.code,
        diagnosis_display: coding.display ?? null,
      });
    }
  }
  const procedures: HealthServiceProcedure[] = [];
  for (const procedure of asArray(resource.procedure)) {
    const coding = codingIn(procedure.procedureCodeableConcept, SYSTEMS.procedure);
    if (coding?.code) {
      procedures.push({
        id: `p${procedure.sequence ?? procedures.length + 1}`,
        procedure_code: coding.code,
        procedure_date: dateOnly(procedure.date),
        procedure_display: coding.display ?? null,
      });
    }
  }
  for (const item of asArray(resource.item)) {
    const coding = codingIn(item.productOrService, SYSTEMS.procedure);
    if (coding?.code) {
      procedures.push({
        id: `i${item.sequence ?? procedures.length + 1}`,
        procedure_code: coding.code,
        procedure_date: dateOnly(item.servicedDate) ?? dateOnly(item.servicedPeriod?.start),
        procedure_display: coding.display ?? null,
      });
    }
  }
  const totals = asArray(resource.total);
  const paidFromTotals = totals.length ? adjudicated(totals, INSURER_PAID) : null;
  const paidFromItems = asArray(resource.item).reduce<number | null>((sum, item) => {
    const paid = adjudicated(item.adjudication, INSURER_PAID);
    return paid === null ? sum : (sum ?? 0) + paid;
  }, null);
  return {
    sourceId: id,
    claimType: eobType(resource),
    status: str(resource.status),
    outcome: str(resource.outcome),
    serviceDate: serviceDate(resource),
    paymentAmount: money(resource.payment?.amount) ?? paidFromTotals ?? paidFromItems,
    renderingProvider: providerName(resource, ['rendering', 'performing', 'primary', 'attending']),
    diagnoses,
    procedures,
  };
}

export interface PrescriptionRow {
  sourceId: string;
  drugName: string | null;
  drugNdc: string | null;
  datePrescribed: string | null;
  provider: string | null;
  patientPaid: number | null;
  insurerPaid: number | null;
  totalPrice: number | null;
}

/** One prescription per NDC line of a pharmacy claim. */
export function prescriptionsFromEob(input: FhirInput): PrescriptionRow[] {
  const id = str(input.id);
  const resource = received<ExplanationOfBenefit>(input, 'ExplanationOfBenefit');
  if (!id || !resource || !isPharmacy(resource)) return [];
  const rows: PrescriptionRow[] = [];
  for (const item of asArray(resource.item)) {
    const ndc = codingIn(item.productOrService, SYSTEMS.ndc);
    if (!ndc?.code) continue;
    rows.push({
      sourceId: `ExplanationOfBenefit/${id}/${item.sequence ?? rows.length + 1}`,
      drugName: ndc.display ?? str(item.productOrService?.text),
      drugNdc: ndc.code.replace(/-/g, ''),
      datePrescribed: dateOnly(item.servicedDate) ?? serviceDate(resource),
      provider: providerName(resource, ['prescribing', 'prescriber', 'primary', 'performing']),
      patientPaid: adjudicated(item.adjudication, PATIENT_PAID),
      insurerPaid: adjudicated(item.adjudication, INSURER_PAID),
      totalPrice: adjudicated(item.adjudication, TOTAL),
    });
  }
  return rows;
}

export function prescriptionFromMedicationRequest(input: FhirInput): PrescriptionRow | null {
  const id = str(input.id);
  const resource = received<MedicationRequest>(input, 'MedicationRequest');
  if (!id || !resource) return null;
  const concept = resource.medicationCodeableConcept;
  const ndc = codingIn(concept, SYSTEMS.ndc);
  const any = ndc ?? codingIn(concept, SYSTEMS.rxnorm) ?? asArray(concept?.coding)[0] ?? null;
  return {
    sourceId: `MedicationRequest/${id}`,
    drugName: any?.display ?? str(concept?.text) ?? str(resource.medicationReference?.display),
    drugNdc: ndc?.code?.replace(/-/g, '') ?? null,
    datePrescribed: dateOnly(resource.authoredOn),
    provider: str(resource.requester?.display),
    patientPaid: null,
    insurerPaid: null,
    totalPrice: null,
  };
}

export interface ConditionRow {
  sourceId: string;
  codeSystem: string | null;
  code: string | null;
  display: string | null;
  clinicalStatus: string | null;
  onsetDate: string | null;
}

export function conditionFromResource(input: FhirInput): ConditionRow | null {
  const id = str(input.id);
  const resource = received<Condition>(input, 'Condition');
  if (!id || !resource) return null;
  const coding = codingIn(resource.code, [...SYSTEMS.icd10, 'http://snomed.info/sct']) ?? asArray(resource.code?.coding)[0] ?? null;
  return {
    sourceId: id,
    codeSystem: coding?.system ?? null,
    code: coding?.code ?? null,
    display: coding?.display ?? str(resource.code?.text),
    clinicalStatus: asArray(resource.clinicalStatus?.coding)[0]?.code ?? null,
    onsetDate: dateOnly(resource.onsetDateTime) ?? dateOnly(resource.recordedDate),
  };
}

export interface CoverageRow {
  sourceId: string;
  status: string | null;
  planName: string | null;
  marketingName: string | null;
  planYear: number | null;
  periodStart: string | null;
  periodEnd: string | null;
}

export function coverageFromResource(input: FhirInput): CoverageRow | null {
  const id = str(input.id);
  const resource = received<Coverage>(input, 'Coverage');
  if (!id || !resource) return null;
  const classes = asArray(resource.class);
  const classOf = (code: string) => classes.find((c) => categoryCodes(c.type).includes(code));
  const plan = classOf('plan') ?? classOf('group');
  const periodStart = dateOnly(resource.period?.start);
  return {
    sourceId: id,
    status: str(resource.status),
    planName: str(plan?.name) ?? str(plan?.value),
    marketingName: str(classOf('plan')?.name) ?? str(asArray(resource.payor)[0]?.display) ?? str(resource.type?.text),
    planYear: periodStart ? Number(periodStart.slice(0, 4)) : null,
    periodStart,
    periodEnd: dateOnly(resource.period?.end),
  };
}

export interface PatientDemographics {
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  phoneNumber: string | null;
  streetAddress: string | null;
  city: string | null;
  district: string | null;
  state: string | null;
  postalCode: string | null;
  birthdate: string | null;
  gender: string | null;
}

export function demographicsFromPatient(input: FhirInput): PatientDemographics | null {
  const resource = received<Patient>(input, 'Patient');
  if (!resource) return null;
  const names = asArray(resource.name);
  const name = names.find((n) => n.use === 'official') ?? names[0] ?? {};
  const telecom = asArray(resource.telecom);
  const addresses = asArray(resource.address);
  const address = addresses.find((a) => a.use === 'home') ?? addresses[0] ?? {};
  return {
    firstName: asArray(name.given).join(' ') || null,
    lastName: str(name.family),
    email: str(telecom.find((t) => t.system === 'email')?.value),
    phoneNumber: str(telecom.find((t) => t.system === 'phone')?.value),
    streetAddress: asArray(address.line).join(', ') || null,
    city: str(address.city),
    district: str(address.district),
    state: str(address.state),
    postalCode: str(address.postalCode),
    birthdate: dateOnly(resource.birthDate),
    gender: str(resource.gender),
  };
}
