import type { HealthServiceDiagnosis, HealthServiceProcedure } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ClaimRow, ConditionRow, CoverageRow, PrescriptionRow } from './fhir-projections';

/** One page of a fetch: the raw resources (each with a string resourceType and id) and their projections. */
export interface HealthDataPage {
  resources: object[];
  claims: ClaimRow[];
  prescriptions: PrescriptionRow[];
  conditions: ConditionRow[];
  coverages: CoverageRow[];
}

// A page is one statement: one round trip, and atomic alone (PostgreSQL runs it as its own transaction) or
// inside the caller's. The raw resources go as received, their type and id read in SQL; each projection is a
// JSON array of rows. A conflicting row that would not change is left alone, so a re-fetch rewrites no TOASTed
// resource and no index entry.
// The closing set_config is SET LOCAL synchronous_commit = off: the page's commit does not wait for its WAL to
// reach the disk. Nothing acknowledged can be lost: the fetch ends with a synchronous commit (its polling event,
// then pg-boss's completion) that flushes this WAL first, and a crash before it re-runs the job on these upserts.
const UPSERT_PAGE = `
  WITH raw AS (
    INSERT INTO fhir_resources AS t (user_id, insurer_key, resource_type, source_id, resource)
    SELECT $1, $2, r.resource ->> 'resourceType', r.resource ->> 'id', r.resource FROM jsonb_array_elements($3::jsonb) AS r(resource)
    ON CONFLICT (user_id, insurer_key, resource_type, source_id) DO UPDATE SET resource = EXCLUDED.resource, fetched_at = now()
    WHERE t.resource IS DISTINCT FROM EXCLUDED.resource
  ), claims AS (
    INSERT INTO claims AS t (user_id, insurer_key, source_id, claim_type, status, outcome, service_date, payment_amount, rendering_provider, diagnoses, procedures)
    SELECT $1, $2, r."sourceId", r."claimType", r.status, r.outcome, r."serviceDate", r."paymentAmount", r."renderingProvider", r.diagnoses, r.procedures
    FROM jsonb_to_recordset($4::jsonb) AS r("sourceId" text, "claimType" text, status text, outcome text, "serviceDate" date,
      "paymentAmount" numeric, "renderingProvider" text, diagnoses jsonb, procedures jsonb)
    ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
      claim_type = EXCLUDED.claim_type, status = EXCLUDED.status, outcome = EXCLUDED.outcome, service_date = EXCLUDED.service_date,
      payment_amount = EXCLUDED.payment_amount, rendering_provider = EXCLUDED.rendering_provider,
      diagnoses = EXCLUDED.diagnoses, procedures = EXCLUDED.procedures, updated_at = now()
    WHERE (t.claim_type, t.status, t.outcome, t.service_date, t.payment_amount, t.rendering_provider, t.diagnoses, t.procedures)
      IS DISTINCT FROM (EXCLUDED.claim_type, EXCLUDED.status, EXCLUDED.outcome, EXCLUDED.service_date, EXCLUDED.payment_amount,
        EXCLUDED.rendering_provider, EXCLUDED.diagnoses, EXCLUDED.procedures)
  ), prescriptions AS (
    INSERT INTO prescriptions AS t (user_id, insurer_key, source_id, drug_name, drug_ndc, date_prescribed, provider, patient_paid, insurer_paid, total_price)
    SELECT $1, $2, r."sourceId", r."drugName", r."drugNdc", r."datePrescribed", r.provider, r."patientPaid", r."insurerPaid", r."totalPrice"
    FROM jsonb_to_recordset($5::jsonb) AS r("sourceId" text, "drugName" text, "drugNdc" text, "datePrescribed" date, provider text,
      "patientPaid" numeric, "insurerPaid" numeric, "totalPrice" numeric)
    ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
      drug_name = EXCLUDED.drug_name, drug_ndc = EXCLUDED.drug_ndc, date_prescribed = EXCLUDED.date_prescribed, provider = EXCLUDED.provider,
      patient_paid = EXCLUDED.patient_paid, insurer_paid = EXCLUDED.insurer_paid, total_price = EXCLUDED.total_price, updated_at = now()
    WHERE (t.drug_name, t.drug_ndc, t.date_prescribed, t.provider, t.patient_paid, t.insurer_paid, t.total_price)
      IS DISTINCT FROM (EXCLUDED.drug_name, EXCLUDED.drug_ndc, EXCLUDED.date_prescribed, EXCLUDED.provider, EXCLUDED.patient_paid,
        EXCLUDED.insurer_paid, EXCLUDED.total_price)
  ), conditions AS (
    INSERT INTO conditions AS t (user_id, insurer_key, source_id, code_system, code, display, clinical_status, onset_date)
    SELECT $1, $2, r."sourceId", r."codeSystem", r.code, r.display, r."clinicalStatus", r."onsetDate"
    FROM jsonb_to_recordset($6::jsonb) AS r("sourceId" text, "codeSystem" text, code text, display text, "clinicalStatus" text, "onsetDate" date)
    ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
      code_system = EXCLUDED.code_system, code = EXCLUDED.code, display = EXCLUDED.display,
      clinical_status = EXCLUDED.clinical_status, onset_date = EXCLUDED.onset_date
    WHERE (t.code_system, t.code, t.display, t.clinical_status, t.onset_date)
      IS DISTINCT FROM (EXCLUDED.code_system, EXCLUDED.code, EXCLUDED.display, EXCLUDED.clinical_status, EXCLUDED.onset_date)
  ), coverages AS (
    INSERT INTO coverages AS t (user_id, insurer_key, source_id, status, plan_name, marketing_name, plan_year, period_start, period_end)
    SELECT $1, $2, r."sourceId", r.status, r."planName", r."marketingName", r."planYear", r."periodStart", r."periodEnd"
    FROM jsonb_to_recordset($7::jsonb) AS r("sourceId" text, status text, "planName" text, "marketingName" text, "planYear" integer,
      "periodStart" date, "periodEnd" date)
    ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
      status = EXCLUDED.status, plan_name = EXCLUDED.plan_name, marketing_name = EXCLUDED.marketing_name,
      plan_year = EXCLUDED.plan_year, period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end
    WHERE (t.status, t.plan_name, t.marketing_name, t.plan_year, t.period_start, t.period_end)
      IS DISTINCT FROM (EXCLUDED.status, EXCLUDED.plan_name, EXCLUDED.marketing_name, EXCLUDED.plan_year, EXCLUDED.period_start, EXCLUDED.period_end)
  )
  SELECT set_config('synchronous_commit', 'off', true)`;

/** A stored claim, as the screens read it. */
export interface StoredClaim {
  id: string;
  sourceId: string;
  insurerKey: string;
  claimType: string | null;
  status: string | null;
  outcome: string | null;
  /** YYYY-MM-DD */
  serviceDate: string | null;
  /** Two decimals. */
  paymentAmount: string | null;
  renderingProvider: string | null;
  diagnoses: HealthServiceDiagnosis[];
  procedures: HealthServiceProcedure[];
}

/** A stored prescription; money as strings with two decimals. */
export interface StoredPrescription {
  id: string;
  insurerKey: string;
  drugName: string | null;
  drugNdc: string | null;
  /** YYYY-MM-DD */
  datePrescribed: string | null;
  provider: string | null;
  patientPaid: string | null;
  insurerPaid: string | null;
  totalPrice: string | null;
}

export interface CoveragePlan {
  marketingName: string | null;
  planYear: number | null;
  planName: string | null;
}

/** Idempotent writes keyed by (user, insurer, source id), and the reads of the data screens. */
@Injectable()
export class HealthDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /**
   * Stores a page and its projections, keyed by (user, insurer, source id), in one statement: alone it is its own
   * transaction; with a manager it joins the caller's. A page holds each resource once (PostgreSQL refuses an
   * upsert that would touch one row twice).
   */
  async upsertPage(userId: string, insurer: string, page: HealthDataPage, manager?: EntityManager): Promise<void> {
    await (manager ?? this.dataSource.manager).query(UPSERT_PAGE, [
      userId,
      insurer,
      JSON.stringify(page.resources),
      JSON.stringify(page.claims),
      JSON.stringify(page.prescriptions),
      JSON.stringify(page.conditions),
      JSON.stringify(page.coverages),
    ]);
  }

  async claimsOf(userId: string): Promise<StoredClaim[]> {
    const rows: ClaimRecord[] = await this.dataSource.query(
      `SELECT id, source_id, insurer_key, claim_type, status, outcome, to_char(service_date, 'YYYY-MM-DD') AS service_date,
              payment_amount::text AS payment_amount, rendering_provider, diagnoses, procedures
       FROM claims WHERE user_id = $1 ORDER BY service_date DESC NULLS LAST, source_id`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      sourceId: row.source_id,
      insurerKey: row.insurer_key,
      claimType: row.claim_type,
      status: row.status,
      outcome: row.outcome,
      serviceDate: row.service_date,
      paymentAmount: row.payment_amount,
      renderingProvider: row.rendering_provider,
      diagnoses: row.diagnoses,
      procedures: row.procedures,
    }));
  }

  async prescriptionsOf(userId: string): Promise<StoredPrescription[]> {
    const rows: PrescriptionRecord[] = await this.dataSource.query(
      `SELECT id, insurer_key, drug_name, drug_ndc, to_char(date_prescribed, 'YYYY-MM-DD') AS date_prescribed, provider,
              patient_paid::text AS patient_paid, insurer_paid::text AS insurer_paid, total_price::text AS total_price
       FROM prescriptions WHERE user_id = $1 ORDER BY date_prescribed DESC NULLS LAST, source_id`,
      [userId],
    );
    return rows.map((row) => ({
      id: row.id,
      insurerKey: row.insurer_key,
      drugName: row.drug_name,
      drugNdc: row.drug_ndc,
      datePrescribed: row.date_prescribed,
      provider: row.provider,
      patientPaid: row.patient_paid,
      insurerPaid: row.insurer_paid,
      totalPrice: row.total_price,
    }));
  }

  /** The user's coverages, the active ones first, then the latest. */
  async currentCoveragesOf(userId: string): Promise<CoveragePlan[]> {
    const rows: CoverageRecord[] = await this.dataSource.query(
      `SELECT marketing_name, plan_year, plan_name FROM coverages
       WHERE user_id = $1 ORDER BY (status = 'active') DESC, period_start DESC NULLS LAST`,
      [userId],
    );
    return rows.map((row) => ({ marketingName: row.marketing_name, planYear: row.plan_year, planName: row.plan_name }));
  }
}

interface ClaimRecord {
  id: string;
  source_id: string;
  insurer_key: string;
  claim_type: string | null;
  status: string | null;
  outcome: string | null;
  service_date: string | null;
  payment_amount: string | null;
  rendering_provider: string | null;
  diagnoses: HealthServiceDiagnosis[];
  procedures: HealthServiceProcedure[];
}

interface PrescriptionRecord {
  id: string;
  insurer_key: string;
  drug_name: string | null;
  drug_ndc: string | null;
  date_prescribed: string | null;
  provider: string | null;
  patient_paid: string | null;
  insurer_paid: string | null;
  total_price: string | null;
}

interface CoverageRecord {
  marketing_name: string | null;
  plan_year: number | null;
  plan_name: string | null;
}
