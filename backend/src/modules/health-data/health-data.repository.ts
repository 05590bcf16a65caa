import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import type { ClaimRow, ConditionRow, CoverageRow, PrescriptionRow } from './fhir-projections';

export interface RawResource {
  resourceType: string;
  sourceId: string;
  resource: object;
}

// Rows go to PostgreSQL as one JSON array per statement: a year of claims is one round trip, not hundreds.
const BATCH = 500;
const batches = <T>(rows: T[]): T[][] => Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, i) => rows.slice(i * BATCH, (i + 1) * BATCH));

export interface ClaimRecord {
  id: string;
  source_id: string;
  claim_type: string | null;
  status: string | null;
  outcome: string | null;
  service_date: string | null;
  payment_amount: string | null;
  rendering_provider: string | null;
  diagnoses: unknown[];
  procedures: unknown[];
  insurer_key: string;
}

export interface PrescriptionRecord {
  id: string;
  drug_name: string | null;
  drug_ndc: string | null;
  date_prescribed: string | null;
  provider: string | null;
  patient_paid: string | null;
  insurer_paid: string | null;
  total_price: string | null;
  insurer_key: string;
}

/** Idempotent writes keyed by (user, insurer, source id), and the reads of the data screens. */
@Injectable()
export class HealthDataRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  async upsertRaw(manager: EntityManager, userId: string, insurer: string, resources: RawResource[]): Promise<void> {
    for (const batch of batches(resources)) {
      await manager.query(
        `INSERT INTO fhir_resources (user_id, insurer_key, resource_type, source_id, resource)
         SELECT $1, $2, r.resource_type, r.source_id, r.resource
         FROM jsonb_to_recordset($3::jsonb) AS r(resource_type text, source_id text, resource jsonb)
         ON CONFLICT (user_id, insurer_key, resource_type, source_id)
         DO UPDATE SET resource = EXCLUDED.resource, fetched_at = now()`,
        [userId, insurer, JSON.stringify(batch.map((r) => ({ resource_type: r.resourceType, source_id: r.sourceId, resource: r.resource })))],
      );
    }
  }

  async upsertClaims(manager: EntityManager, userId: string, insurer: string, rows: ClaimRow[]): Promise<void> {
    for (const batch of batches(rows)) {
      await manager.query(
        `INSERT INTO claims (user_id, insurer_key, source_id, claim_type, status, outcome, service_date, payment_amount, rendering_provider, diagnoses, procedures)
         SELECT $1, $2, r."sourceId", r."claimType", r.status, r.outcome, r."serviceDate", r."paymentAmount", r."renderingProvider", r.diagnoses, r.procedures
         FROM jsonb_to_recordset($3::jsonb) AS r("sourceId" text, "claimType" text, status text, outcome text, "serviceDate" date,
           "paymentAmount" numeric, "renderingProvider" text, diagnoses jsonb, procedures jsonb)
         ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
           claim_type = EXCLUDED.claim_type, status = EXCLUDED.status, outcome = EXCLUDED.outcome, service_date = EXCLUDED.service_date,
           payment_amount = EXCLUDED.payment_amount, rendering_provider = EXCLUDED.rendering_provider,
           diagnoses = EXCLUDED.diagnoses, procedures = EXCLUDED.procedures, updated_at = now()`,
        [userId, insurer, JSON.stringify(batch)],
      );
    }
  }

  async upsertPrescriptions(manager: EntityManager, userId: string, insurer: string, rows: PrescriptionRow[]): Promise<void> {
    for (const batch of batches(rows)) {
      await manager.query(
        `INSERT INTO prescriptions (user_id, insurer_key, source_id, drug_name, drug_ndc, date_prescribed, provider, patient_paid, insurer_paid, total_price)
         SELECT $1, $2, r."sourceId", r."drugName", r."drugNdc", r."datePrescribed", r.provider, r."patientPaid", r."insurerPaid", r."totalPrice"
         FROM jsonb_to_recordset($3::jsonb) AS r("sourceId" text, "drugName" text, "drugNdc" text, "datePrescribed" date, provider text,
           "patientPaid" numeric, "insurerPaid" numeric, "totalPrice" numeric)
         ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
           drug_name = EXCLUDED.drug_name, drug_ndc = EXCLUDED.drug_ndc, date_prescribed = EXCLUDED.date_prescribed, provider = EXCLUDED.provider,
           patient_paid = EXCLUDED.patient_paid, insurer_paid = EXCLUDED.insurer_paid, total_price = EXCLUDED.total_price, updated_at = now()`,
        [userId, insurer, JSON.stringify(batch)],
      );
    }
  }

  async upsertConditions(manager: EntityManager, userId: string, insurer: string, rows: ConditionRow[]): Promise<void> {
    for (const batch of batches(rows)) {
      await manager.query(
        `INSERT INTO conditions (user_id, insurer_key, source_id, code_system, code, display, clinical_status, onset_date)
         SELECT $1, $2, r."sourceId", r."codeSystem", r.code, r.display, r."clinicalStatus", r."onsetDate"
         FROM jsonb_to_recordset($3::jsonb) AS r("sourceId" text, "codeSystem" text, code text, display text, "clinicalStatus" text, "onsetDate" date)
         ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
           code_system = EXCLUDED.code_system, code = EXCLUDED.code, display = EXCLUDED.display,
           clinical_status = EXCLUDED.clinical_status, onset_date = EXCLUDED.onset_date`,
        [userId, insurer, JSON.stringify(batch)],
      );
    }
  }

  async upsertCoverages(manager: EntityManager, userId: string, insurer: string, rows: CoverageRow[]): Promise<void> {
    for (const batch of batches(rows)) {
      await manager.query(
        `INSERT INTO coverages (user_id, insurer_key, source_id, status, plan_name, marketing_name, plan_year, period_start, period_end)
         SELECT $1, $2, r."sourceId", r.status, r."planName", r."marketingName", r."planYear", r."periodStart", r."periodEnd"
         FROM jsonb_to_recordset($3::jsonb) AS r("sourceId" text, status text, "planName" text, "marketingName" text, "planYear" integer,
           "periodStart" date, "periodEnd" date)
         ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
           status = EXCLUDED.status, plan_name = EXCLUDED.plan_name, marketing_name = EXCLUDED.marketing_name,
           plan_year = EXCLUDED.plan_year, period_start = EXCLUDED.period_start, period_end = EXCLUDED.period_end`,
        [userId, insurer, JSON.stringify(batch)],
      );
    }
  }

  claimsOf(userId: string): Promise<ClaimRecord[]> {
    return this.dataSource.query(
      `SELECT id, source_id, insurer_key, claim_type, status, outcome, to_char(service_date, 'YYYY-MM-DD') AS service_date,
              payment_amount::text AS payment_amount, rendering_provider, diagnoses, procedures
       FROM claims WHERE user_id = $1 ORDER BY service_date DESC NULLS LAST, source_id`,
      [userId],
    );
  }

  prescriptionsOf(userId: string): Promise<PrescriptionRecord[]> {
    return this.dataSource.query(
      `SELECT id, insurer_key, drug_name, drug_ndc, to_char(date_prescribed, 'YYYY-MM-DD') AS date_prescribed, provider,
              patient_paid::text AS patient_paid, insurer_paid::text AS insurer_paid, total_price::text AS total_price
       FROM prescriptions WHERE user_id = $1 ORDER BY date_prescribed DESC NULLS LAST, source_id`,
      [userId],
    );
  }

  currentCoveragesOf(userId: string): Promise<{ marketing_name: string | null; plan_year: number | null; plan_name: string | null }[]> {
    return this.dataSource.query(
      `SELECT marketing_name, plan_year, plan_name FROM coverages
       WHERE user_id = $1 ORDER BY (status = 'active') DESC, period_start DESC NULLS LAST`,
      [userId],
    );
  }

  async countsOf(userId: string, insurer: string): Promise<Record<string, number>> {
    const rows: { resource_type: string; count: string }[] = await this.dataSource.query(
      `SELECT resource_type, count(*) AS count FROM fhir_resources WHERE user_id = $1 AND insurer_key = $2 GROUP BY resource_type`,
      [userId, insurer],
    );
    return Object.fromEntries(rows.map((r) => [r.resource_type, Number(r.count)]));
  }
}
