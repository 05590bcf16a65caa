/** A FHIR R4 resource as the sandbox stores and serves it: plain JSON with a type and an id. */
export interface FhirResource {
  resourceType: string;
  id: string;
  [field: string]: unknown;
}

export interface FhirReference {
  reference: string;
  display?: string;
}

/** The resource types the insurers' FHIR endpoints search by patient. */
export const PATIENT_SEARCH_TYPES = ['Patient', 'ExplanationOfBenefit', 'Coverage', 'Condition', 'Encounter', 'MedicationRequest'] as const;
export type PatientSearchType = (typeof PATIENT_SEARCH_TYPES)[number];
export const isPatientSearchType = (value: string): value is PatientSearchType =>
  (PATIENT_SEARCH_TYPES as readonly string[]).includes(value);

/** The Patient id a patient-compartment resource belongs to (from patient, beneficiary or subject), if any. */
export function patientIdOf(resource: FhirResource): string | undefined {
  if (resource.resourceType === 'Patient') return resource.id;
  for (const field of ['patient', 'beneficiary', 'subject']) {
    const ref = (resource[field] as { reference?: unknown } | undefined)?.reference;
    if (typeof ref === 'string' && ref.startsWith('Patient/')) return ref.slice('Patient/'.length);
  }
  return undefined;
}
