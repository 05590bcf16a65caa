import type { CurrentPlanResponse, ExplanationOfBenefitsResponse, UserDrugsResponse } from '@healthlink/contracts';
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
  type FhirInput,
  type PrescriptionRow,
} from './fhir-projections';
import { HealthDataRepository } from './health-data.repository';

export interface IngestResult {
  stored: number;
  skipped: number;
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
  async ingest(userId: string, insurer: string, resources: FhirInput[]): Promise<IngestResult> {
    const claims: ClaimRow[] = [];
    const prescriptions: PrescriptionRow[] = [];
    const conditions: ConditionRow[] = [];
    const coverages: CoverageRow[] = [];
    let patient: FhirInput | null = null;
    let skipped = 0;
    // A resource an insurer sends twice in one page (e.g. an _include'd resource) is stored once, the last copy:
    // one statement cannot upsert the same row twice.
    const unique = new Map<string, FhirInput>();
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

  async explanationOfBenefits(userId: string): Promise<ExplanationOfBenefitsResponse> {
    const claims = await this.repository.claimsOf(userId);
    return {
      EOB: claims.map((claim) => ({
        id: claim.id,
        date: claim.serviceDate,
        type: claim.claimType,
        status: claim.status,
        outcome: claim.outcome,
        payment_amount: claim.paymentAmount,
        rendering_provider: claim.renderingProvider,
        insurer: claim.insurerKey,
        diagnoses: claim.diagnoses,
        procedures: claim.procedures,
      })),
    };
  }

  async userDrugs(userId: string): Promise<UserDrugsResponse> {
    const prescriptions = await this.repository.prescriptionsOf(userId);
    return {
      queryRes: prescriptions.map((rx) => ({
        id: rx.id,
        drug_name: rx.drugName,
        drug_ndc: rx.drugNdc,
        date_prescribed: rx.datePrescribed,
        provider: rx.provider,
        patient_paid: rx.patientPaid,
        insurer_paid: rx.insurerPaid,
        total_price: rx.totalPrice,
        insurer: rx.insurerKey,
      })),
    };
  }

  async currentPlan(userId: string): Promise<CurrentPlanResponse> {
    const plans = await this.repository.currentCoveragesOf(userId);
    return {
      userCurrentPlan: plans.map((plan) => ({ marketing_name: plan.marketingName, plan_year: plan.planYear, plan_name: plan.planName })),
    };
  }
}
