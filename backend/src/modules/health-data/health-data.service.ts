import { Injectable } from '@nestjs/common';
import { PatientInfoRepository } from '../accounts';
import {
  claimFromEob,
  conditionFromResource,
  coverageFromResource,
  demographicsFromPatient,
  prescriptionFromMedicationRequest,
  prescriptionsFromEob,
  type ClaimRow,
  type ConditionRow,
  type CoverageRow,
  type PrescriptionRow,
} from './fhir-projections';
import { HealthDataRepository } from './health-data.repository';

type Json = Record<string, unknown>;

export interface IngestResult {
  stored: number;
  skipped: number;
}

export interface HealthServiceEntry {
  id: string;
  date: string | null;
  type: string | null;
  status: string | null;
  outcome: string | null;
  payment_amount: string | null;
  rendering_provider: string | null;
  insurer: string;
  diagnoses: unknown[];
  procedures: unknown[];
}

export interface RxHistoryEntry {
  id: string;
  drug_name: string | null;
  drug_ndc: string | null;
  date_prescribed: string | null;
  provider: string | null;
  patient_paid: string | null;
  insurer_paid: string | null;
  total_price: string | null;
  insurer: string;
}

/** The health-data store: raw FHIR resources as received, and the projections the screens read. */
@Injectable()
export class HealthDataService {
  constructor(
    private readonly repository: HealthDataRepository,
    private readonly patientInfo: PatientInfoRepository,
  ) {}

  /**
   * Stores one page of a fetch, its resources and their projections together, keyed by the source's ids, so a
   * retried or repeated fetch updates rows and never duplicates them.
   */
  async ingest(userId: string, insurer: string, resources: Json[]): Promise<IngestResult> {
    const claims: ClaimRow[] = [];
    const prescriptions: PrescriptionRow[] = [];
    const conditions: ConditionRow[] = [];
    const coverages: CoverageRow[] = [];
    let patient: Json | null = null;
    let skipped = 0;
    // A resource an insurer sends twice in one page (e.g. an _include'd resource) is stored once, the last copy:
    // one statement cannot upsert the same row twice.
    const unique = new Map<string, Json>();
    for (const resource of resources) {
      const type = typeof resource.resourceType === 'string' ? resource.resourceType : null;
      const id = typeof resource.id === 'string' && resource.id ? resource.id : null;
      if (!type || !id) skipped++;
      else unique.set(`${type}/${id}`, resource);
    }
    const raw = [...unique.values()];
    for (const resource of raw) {
      const type = resource.resourceType;
      if (type === 'ExplanationOfBenefit') {
        const claim = claimFromEob(resource);
        if (claim) claims.push(claim);
        prescriptions.push(...prescriptionsFromEob(resource));
      } else if (type === 'MedicationRequest') {
        const row = prescriptionFromMedicationRequest(resource);
        if (row) prescriptions.push(row);
      } else if (type === 'Condition') {
        const row = conditionFromResource(resource);
        if (row) conditions.push(row);
      } else if (type === 'Coverage') {
        const row = coverageFromResource(resource);
        if (row) coverages.push(row);
      } else if (type === 'Patient') {
        patient = resource;
      }
    }
    const page = { resources: raw, claims, prescriptions, conditions, coverages };
    const demographics = patient ? demographicsFromPatient(patient) : null;
    if (demographics) {
      await this.repository.transaction(async (manager) => {
        await this.repository.upsertPage(userId, insurer, page, manager);
        await this.patientInfo.upsert(userId, insurer, demographics, manager);
      });
    } else {
      await this.repository.upsertPage(userId, insurer, page);
    }
    return { stored: raw.length, skipped };
  }

  async explanationOfBenefits(userId: string): Promise<{ EOB: HealthServiceEntry[] }> {
    const rows = await this.repository.claimsOf(userId);
    return {
      EOB: rows.map((r) => ({
        id: r.id,
        date: r.service_date,
        type: r.claim_type,
        status: r.status,
        outcome: r.outcome,
        payment_amount: r.payment_amount,
        rendering_provider: r.rendering_provider,
        insurer: r.insurer_key,
        diagnoses: r.diagnoses,
        procedures: r.procedures,
      })),
    };
  }

  async userDrugs(userId: string): Promise<{ queryRes: RxHistoryEntry[] }> {
    const rows = await this.repository.prescriptionsOf(userId);
    return { queryRes: rows.map(({ insurer_key, ...row }) => ({ ...row, insurer: insurer_key })) };
  }

  async currentPlan(userId: string): Promise<{ userCurrentPlan: { marketing_name: string | null; plan_year: number | null; plan_name: string | null }[] }> {
    return { userCurrentPlan: await this.repository.currentCoveragesOf(userId) };
  }
}
