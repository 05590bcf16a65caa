import type { HealthServiceEntry } from '@healthlink/contracts';

/** Visit row (part 2 §3), editable in the AI test tool: every field is text as typed. */
export interface VisitRow {
  id: string;
  date: string;
  provider: string;
  procedureCode: string;
  diagnosisCode: string;
  insurerPaid: string;
  patientPaid: string;
  totalPay: string;
}

export const VISIT_FIELDS = ['date', 'provider', 'procedureCode', 'diagnosisCode', 'insurerPaid', 'patientPaid', 'totalPay'] as const;
export type VisitField = (typeof VISIT_FIELDS)[number];

export const VISIT_FIELD_LABELS: Record<VisitField, string> = {
  date: 'Date',
  provider: 'Provider',
  procedureCode: 'Procedure codes',
  diagnosisCode: 'Diagnosis codes',
  insurerPaid: 'Insurer paid',
  patientPaid: 'Patient paid',
  totalPay: 'Total pay',
};

const codes = (values: string[]) => [...new Set(values.filter(Boolean))].join(', ');

/**
 * A claim as a visit row. The claim read gives the insurer's payment only: patient paid and total start empty for
 * the tester to fill, never guessed.
 */
export function visitOf(claim: HealthServiceEntry): VisitRow {
  return {
    id: claim.id,
    date: claim.date ?? '',
    provider: claim.rendering_provider ?? '',
    procedureCode: codes(claim.procedures.map((procedure) => procedure.procedure_code)),
    diagnosisCode: codes(claim.diagnoses.map((diagnosis) => diagnosis.diagnosis_code)),
    insurerPaid: claim.payment_amount ?? '',
    patientPaid: '',
    totalPay: '',
  };
}

export const emptyVisit = (id: string): VisitRow => ({
  id,
  date: '',
  provider: '',
  procedureCode: '',
  diagnosisCode: '',
  insurerPaid: '',
  patientPaid: '',
  totalPay: '',
});

/** One visit as a line of the input: only the fields that have a value. */
export function visitLine(visit: VisitRow): string {
  const parts = [
    visit.date.trim() || 'date not given',
    visit.provider.trim() && `provider: ${visit.provider.trim()}`,
    visit.procedureCode.trim() && `procedures: ${visit.procedureCode.trim()}`,
    visit.diagnosisCode.trim() && `diagnoses: ${visit.diagnosisCode.trim()}`,
    visit.insurerPaid.trim() && `insurer paid: ${visit.insurerPaid.trim()}`,
    visit.patientPaid.trim() && `patient paid: ${visit.patientPaid.trim()}`,
    visit.totalPay.trim() && `total: ${visit.totalPay.trim()}`,
  ];
  return `- ${parts.filter(Boolean).join('; ')}`;
}
