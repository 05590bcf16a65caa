/**
 * The health-data screens' reads (spec part 2 §4): claims, prescriptions and the current plan, projected from the
 * insurers' FHIR resources. The field names are the spec's (snake_case); money is a string with two decimals.
 */

/** A diagnosis of a claim, by ICD-10 code. */
export interface HealthServiceDiagnosis {
  id: string;
  diagnosis_code: string;
  diagnosis_display: string | null;
}

/** A procedure or billed service of a claim (HCPCS, CPT, ICD-10-PCS or SNOMED code). */
export interface HealthServiceProcedure {
  id: string;
  procedure_code: string;
  procedure_date: string | null;
  procedure_display: string | null;
}

/** One claim of GET /api/explanationOfBenefits. */
export interface HealthServiceEntry {
  id: string;
  /** YYYY-MM-DD */
  date: string | null;
  type: string | null;
  status: string | null;
  outcome: string | null;
  payment_amount: string | null;
  rendering_provider: string | null;
  /** The insurer's key. */
  insurer: string;
  diagnoses: HealthServiceDiagnosis[];
  procedures: HealthServiceProcedure[];
}

/** GET /api/explanationOfBenefits */
export interface ExplanationOfBenefitsResponse {
  EOB: HealthServiceEntry[];
}

/** One prescription of GET /api/userDrugs. */
export interface RxHistoryEntry {
  id: string;
  drug_name: string | null;
  /** 10 or 11 digits, no dashes. */
  drug_ndc: string | null;
  /** YYYY-MM-DD */
  date_prescribed: string | null;
  provider: string | null;
  patient_paid: string | null;
  insurer_paid: string | null;
  total_price: string | null;
  /** The insurer's key. */
  insurer: string;
}

/** GET /api/userDrugs */
export interface UserDrugsResponse {
  queryRes: RxHistoryEntry[];
}

/** A coverage of GET /api/currentPlan/getUsersCurrentPlan, the active one first. */
export interface CurrentPlanEntry {
  marketing_name: string | null;
  plan_year: number | null;
  plan_name: string | null;
}

/** GET /api/currentPlan/getUsersCurrentPlan */
export interface CurrentPlanResponse {
  userCurrentPlan: CurrentPlanEntry[];
}
