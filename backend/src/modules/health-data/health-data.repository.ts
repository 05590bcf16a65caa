import type { HealthServiceDiagnosis, HealthServiceProcedure, RxHistorySort, SpendingGrouping } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, EntityManager } from 'typeorm';
import {
  CLAIM_PROJECTION_VERSION,
  MEDICATION_PROJECTION_VERSION,
  type ClaimRow,
  type ConditionRow,
  type CoverageRow,
  type PrescriptionRow,
} from './fhir-projections';
import { MANUAL_INSURER_KEY } from './medication-list';

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
// resource and no index entry. Claims carry the projection version that made them ($8), prescriptions theirs ($8 for
// a claim's fill, $9 for a MedicationRequest or MedicationDispense). A drug named only by NDC takes the RxCUI the
// reference tables give that NDC (never the reverse: one RxCUI has many NDCs), and one the source gave no name takes
// RxNorm's name of its RxCUI.
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
    INSERT INTO claims AS t (user_id, insurer_key, source_id, claim_type, subtype, status, outcome, service_date, service_end_date,
      payment_amount, patient_paid, deductible, copay, coinsurance, rendering_provider, diagnoses, procedures, care_lines, search_text,
      projection_version)
    SELECT $1, $2, r."sourceId", r."claimType", r.subtype, r.status, r.outcome, r."serviceDate", r."serviceEndDate", r."paymentAmount",
      r."patientPaid", r.deductible, r.copay, r.coinsurance, r."renderingProvider", r.diagnoses, r.procedures, r."careLines",
      r."searchText", $8
    FROM jsonb_to_recordset($4::jsonb) AS r("sourceId" text, "claimType" text, subtype text, status text, outcome text, "serviceDate" date,
      "serviceEndDate" date, "paymentAmount" numeric, "patientPaid" numeric, deductible numeric, copay numeric, coinsurance numeric,
      "renderingProvider" text, diagnoses jsonb, procedures jsonb, "careLines" jsonb, "searchText" text)
    ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
      claim_type = EXCLUDED.claim_type, subtype = EXCLUDED.subtype, status = EXCLUDED.status, outcome = EXCLUDED.outcome,
      service_date = EXCLUDED.service_date, service_end_date = EXCLUDED.service_end_date, payment_amount = EXCLUDED.payment_amount,
      patient_paid = EXCLUDED.patient_paid, deductible = EXCLUDED.deductible, copay = EXCLUDED.copay, coinsurance = EXCLUDED.coinsurance,
      rendering_provider = EXCLUDED.rendering_provider, diagnoses = EXCLUDED.diagnoses, procedures = EXCLUDED.procedures,
      care_lines = EXCLUDED.care_lines, search_text = EXCLUDED.search_text, projection_version = EXCLUDED.projection_version,
      updated_at = now()
    WHERE (t.claim_type, t.subtype, t.status, t.outcome, t.service_date, t.service_end_date, t.payment_amount, t.patient_paid, t.deductible,
        t.copay, t.coinsurance, t.rendering_provider, t.diagnoses, t.procedures, t.care_lines, t.search_text, t.projection_version)
      IS DISTINCT FROM (EXCLUDED.claim_type, EXCLUDED.subtype, EXCLUDED.status, EXCLUDED.outcome, EXCLUDED.service_date,
        EXCLUDED.service_end_date, EXCLUDED.payment_amount, EXCLUDED.patient_paid, EXCLUDED.deductible, EXCLUDED.copay,
        EXCLUDED.coinsurance, EXCLUDED.rendering_provider, EXCLUDED.diagnoses, EXCLUDED.procedures, EXCLUDED.care_lines,
        EXCLUDED.search_text, EXCLUDED.projection_version)
  ), prescriptions AS (
    INSERT INTO prescriptions AS t (user_id, insurer_key, source_id, source_kind, drug_name, drug_ndc, rxcui, date_prescribed, provider,
      patient_paid, insurer_paid, total_price, quantity, days_supply, projection_version)
    SELECT $1, $2, r."sourceId", r."sourceKind",
      COALESCE(r."drugName", (SELECT c.name FROM rxnorm_concepts c WHERE c.rxcui = COALESCE(r.rxcui, (SELECT d.rxcui FROM ndc_drugs d WHERE d.ndc11 = r."drugNdc")))),
      r."drugNdc", COALESCE(r.rxcui, (SELECT d.rxcui FROM ndc_drugs d WHERE d.ndc11 = r."drugNdc")), r."datePrescribed", r.provider,
      r."patientPaid", r."insurerPaid", r."totalPrice", r.quantity, r."daysSupply",
      CASE WHEN r."sourceKind" = 'claim' THEN $8 ELSE $9 END
    FROM jsonb_to_recordset($5::jsonb) AS r("sourceId" text, "sourceKind" text, "drugName" text, "drugNdc" text, rxcui text,
      "datePrescribed" date, provider text, "patientPaid" numeric, "insurerPaid" numeric, "totalPrice" numeric, quantity numeric,
      "daysSupply" integer)
    ON CONFLICT (user_id, insurer_key, source_id) DO UPDATE SET
      source_kind = EXCLUDED.source_kind, drug_name = EXCLUDED.drug_name, drug_ndc = EXCLUDED.drug_ndc, rxcui = EXCLUDED.rxcui,
      date_prescribed = EXCLUDED.date_prescribed, provider = EXCLUDED.provider, patient_paid = EXCLUDED.patient_paid,
      insurer_paid = EXCLUDED.insurer_paid, total_price = EXCLUDED.total_price, quantity = EXCLUDED.quantity,
      days_supply = EXCLUDED.days_supply, projection_version = EXCLUDED.projection_version, updated_at = now()
    WHERE (t.source_kind, t.drug_name, t.drug_ndc, t.rxcui, t.date_prescribed, t.provider, t.patient_paid, t.insurer_paid, t.total_price,
        t.quantity, t.days_supply, t.projection_version)
      IS DISTINCT FROM (EXCLUDED.source_kind, EXCLUDED.drug_name, EXCLUDED.drug_ndc, EXCLUDED.rxcui, EXCLUDED.date_prescribed,
        EXCLUDED.provider, EXCLUDED.patient_paid, EXCLUDED.insurer_paid, EXCLUDED.total_price, EXCLUDED.quantity, EXCLUDED.days_supply,
        EXCLUDED.projection_version)
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

// Every term of a search must occur in the claim's search text (stored lowercase); no terms match every claim,
// and then the condition folds away at planning, so that counting needs no row (an index-only scan).
// strpos, not LIKE: a % or _ the person typed is text, not a pattern.
const matchesTerms = (alias: string) =>
  `(cardinality($2::text[]) = 0 OR NOT EXISTS (SELECT 1 FROM unnest($2::text[]) AS q(term) WHERE strpos(${alias}.search_text, q.term) = 0))`;
const MATCHES_TERMS = matchesTerms('c');
// The lists' order, as the indexes hold it: newest first, undated last, then id (a total order for the keyset).
const CLAIM_SORT = `COALESCE(c.service_date, '-infinity'::date)`;

// One statement per page: the count and asOf of every matching claim (an index-only scan without a search) beside
// the page itself, read by keyset after the cursor's (date, id). The page side is LEFT JOINed, so an empty page
// still answers the count.
const CLAIMS_PAGE = `
  SELECT s.total, s.as_of, p.*
  FROM (SELECT count(*)::int AS total, max(c.updated_at) AS as_of FROM claims c WHERE c.user_id = $1 AND ${MATCHES_TERMS}) s
  LEFT JOIN LATERAL (
    SELECT c.id, c.insurer_key, c.claim_type, c.status, c.outcome, to_char(c.service_date, 'YYYY-MM-DD') AS service_date,
      c.payment_amount::text AS payment_amount, c.rendering_provider, c.diagnoses, c.procedures,
      COALESCE(to_char(c.service_date, 'YYYY-MM-DD'), '-infinity') AS sort_date
    FROM claims c
    WHERE c.user_id = $1 AND ${MATCHES_TERMS} AND ($3::date IS NULL OR (${CLAIM_SORT}, c.id) < ($3::date, $4::uuid))
    ORDER BY ${CLAIM_SORT} DESC, c.id DESC
    LIMIT $5
  ) p ON true`;

// How many matching claims come before this one in the list's order; no row when it is not the user's or does not
// match the search.
const CLAIM_POSITION = `
  SELECT (
    SELECT count(*)::int FROM claims c
    WHERE c.user_id = $1 AND ${MATCHES_TERMS}
      AND (${CLAIM_SORT}, c.id) > (COALESCE(target.service_date, '-infinity'::date), target.id)
  ) AS position
  FROM claims target
  WHERE target.user_id = $1 AND target.id = $3
    AND ${matchesTerms('target')}`;

// Newest first with undated last is one index; oldest first with undated last is the other (undated sort as
// +infinity there), so both orders are index scans and undated prescriptions end both lists.
const RX_ORDER: Record<RxHistorySort, { sort: string; after: string; direction: string }> = {
  newest: { sort: `COALESCE(p.date_prescribed, '-infinity'::date)`, after: '<', direction: 'DESC' },
  oldest: { sort: `COALESCE(p.date_prescribed, 'infinity'::date)`, after: '>', direction: 'ASC' },
};
const prescriptionsPageSql = (order: RxHistorySort): string => {
  const { sort, after, direction } = RX_ORDER[order];
  return `
  SELECT s.total, s.as_of, r.*
  FROM (SELECT count(*)::int AS total, max(p.updated_at) AS as_of FROM prescriptions p WHERE p.user_id = $1) s
  LEFT JOIN LATERAL (
    SELECT p.id, p.insurer_key, p.drug_name, p.drug_ndc, to_char(p.date_prescribed, 'YYYY-MM-DD') AS date_prescribed, p.provider,
      p.patient_paid::text AS patient_paid, p.insurer_paid::text AS insurer_paid, p.total_price::text AS total_price,
      ${sort}::text AS sort_date
    FROM prescriptions p
    WHERE p.user_id = $1 AND ($2::date IS NULL OR (${sort}, p.id) ${after} ($2::date, $3::uuid))
    ORDER BY ${sort} ${direction}, p.id ${direction}
    LIMIT $4
  ) r ON true`;
};
const PRESCRIPTIONS_PAGE: Record<RxHistorySort, string> = {
  newest: prescriptionsPageSql('newest'),
  oldest: prescriptionsPageSql('oldest'),
};

const SPENDING_PERIOD: Record<SpendingGrouping, string> = { month: 'YYYY-MM', year: 'YYYY' };
const money = (column: string) => `COALESCE(sum(${column}), 0)::numeric(16, 2)::text`;
const SPENDING = `
  SELECT to_char(c.service_date, $2) AS period, ${money('c.patient_paid')} AS patient_paid, ${money('c.deductible')} AS deductible,
    ${money('c.copay')} AS copay, ${money('c.coinsurance')} AS coinsurance, ${money('c.payment_amount')} AS insurer_paid,
    max(c.updated_at) AS as_of
  FROM claims c
  WHERE c.user_id = $1 AND c.service_date IS NOT NULL
  GROUP BY 1
  ORDER BY 1`;

// Pharmacy claims are the Rx side (their fills' patient_paid), never medical.
const PHARMACY_CLAIM_TYPES = `('pharmacy', 'PDE', 'rx')`;
const PLAN_COST = `
  SELECT
    (SELECT ${money('c.payment_amount')} FROM claims c
      WHERE c.user_id = $1 AND c.insurer_key = $2 AND ${CLAIM_SORT} BETWEEN $3::date AND $4::date
        AND COALESCE(c.claim_type, '') NOT IN ${PHARMACY_CLAIM_TYPES}) AS medical,
    (SELECT ${money('p.patient_paid')} FROM prescriptions p
      WHERE p.user_id = $1 AND p.insurer_key = $2 AND COALESCE(p.date_prescribed, '-infinity'::date) BETWEEN $3::date AND $4::date) AS rx`;

/** A position in a list: the row's sort date (YYYY-MM-DD, or ±infinity for an undated row) and id. */
export interface Keyset {
  sortDate: string;
  id: string;
}

/** A page of rows, the keyset of its last row, whether more follow, and the count and newest update of all. */
export interface ListPage<T> {
  rows: T[];
  last: Keyset | null;
  hasMore: boolean;
  total: number;
  asOf: Date | null;
}

/** A stored claim, as the screens read it. */
export interface StoredClaim {
  id: string;
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
  insurerKey: string;
  marketingName: string | null;
  planYear: number | null;
  planName: string | null;
  /** YYYY-MM-DD */
  periodStart: string | null;
  periodEnd: string | null;
}

/** Sums of one period; money as strings with two decimals. */
export interface SpendingTotals {
  period: string;
  patientPaid: string;
  deductible: string;
  copay: string;
  coinsurance: string;
  insurerPaid: string;
  asOf: Date;
}

/** A claim (or medication row) projected by an older version, and its raw resource (null if it is gone). */
export interface StaleClaim {
  id: string;
  userId: string;
  insurerKey: string;
  resource: Record<string, unknown> | null;
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
      CLAIM_PROJECTION_VERSION,
      MEDICATION_PROJECTION_VERSION,
    ]);
  }

  /** A page of the user's claims matching every term (lowercase), newest first, after `after`. */
  async claimsPage(userId: string, query: { terms: string[]; after: Keyset | null; limit: number }): Promise<ListPage<StoredClaim>> {
    const records: PageRecord<ClaimRecord>[] = await this.dataSource.query(CLAIMS_PAGE, [
      userId,
      query.terms,
      query.after?.sortDate ?? null,
      query.after?.id ?? null,
      query.limit + 1,
    ]);
    return toPage(records, query.limit, (row) => ({
      id: row.id,
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

  /** How many of the user's claims matching the terms come before this one; null when none of theirs matches. */
  async claimPosition(userId: string, claimId: string, terms: string[]): Promise<number | null> {
    const rows: { position: number }[] = await this.dataSource.query(CLAIM_POSITION, [userId, terms, claimId]);
    return rows[0]?.position ?? null;
  }

  async prescriptionsPage(
    userId: string,
    query: { sort: RxHistorySort; after: Keyset | null; limit: number },
  ): Promise<ListPage<StoredPrescription>> {
    const records: PageRecord<PrescriptionRecord>[] = await this.dataSource.query(PRESCRIPTIONS_PAGE[query.sort], [
      userId,
      query.after?.sortDate ?? null,
      query.after?.id ?? null,
      query.limit + 1,
    ]);
    return toPage(records, query.limit, (row) => ({
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

  /** The user's claims' money summed by month or year, oldest first; only dated claims. */
  async spending(userId: string, by: SpendingGrouping): Promise<SpendingTotals[]> {
    const rows: SpendingRecord[] = await this.dataSource.query(SPENDING, [userId, SPENDING_PERIOD[by]]);
    return rows.map((row) => ({
      period: row.period,
      patientPaid: row.patient_paid,
      deductible: row.deductible,
      copay: row.copay,
      coinsurance: row.coinsurance,
      insurerPaid: row.insurer_paid,
      asOf: row.as_of,
    }));
  }

  /** The user's coverages, the active ones first, then the latest. */
  async currentCoveragesOf(userId: string): Promise<CoveragePlan[]> {
    const rows: CoverageRecord[] = await this.dataSource.query(
      `SELECT insurer_key, marketing_name, plan_year, plan_name, to_char(period_start, 'YYYY-MM-DD') AS period_start,
              to_char(period_end, 'YYYY-MM-DD') AS period_end
       FROM coverages
       WHERE user_id = $1 ORDER BY (status = 'active') DESC, period_start DESC NULLS LAST, id`,
      [userId],
    );
    return rows.map((row) => ({
      insurerKey: row.insurer_key,
      marketingName: row.marketing_name,
      planYear: row.plan_year,
      planName: row.plan_name,
      periodStart: row.period_start,
      periodEnd: row.period_end,
    }));
  }

  /** One insurer's medical payments and the patient's Rx share between two dates (inclusive), two decimals. */
  async planCost(userId: string, insurerKey: string, from: string, to: string): Promise<{ medical: string; rx: string }> {
    const [row]: { medical: string; rx: string }[] = await this.dataSource.query(PLAN_COST, [userId, insurerKey, from, to]);
    return { medical: row.medical, rx: row.rx };
  }

  /**
   * Up to `limit` claims projected by a version older than `version`, with their raw EOB, locked for the
   * caller's transaction: another process re-projecting at the same time skips them.
   */
  async staleClaims(version: number, limit: number, manager: EntityManager): Promise<StaleClaim[]> {
    const rows: { id: string; user_id: string; insurer_key: string; resource: Record<string, unknown> | null }[] = await manager.query(
      `SELECT c.id, c.user_id, c.insurer_key, r.resource
       FROM claims c
       LEFT JOIN fhir_resources r ON r.user_id = c.user_id AND r.insurer_key = c.insurer_key
         AND r.resource_type = 'ExplanationOfBenefit' AND r.source_id = c.source_id
       WHERE c.projection_version < $1
       ORDER BY c.projection_version, c.id
       LIMIT $2
       FOR UPDATE OF c SKIP LOCKED`,
      [version, limit],
    );
    return rows.map((row) => ({ id: row.id, userId: row.user_id, insurerKey: row.insurer_key, resource: row.resource }));
  }

  /** Marks claims as projected by `version` (those a re-projection could not rewrite: their raw resource is gone). */
  async markClaimsProjected(ids: string[], version: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE claims SET projection_version = $2 WHERE id = ANY($1::uuid[]) AND projection_version < $2`, [ids, version]);
  }

  /** The raw Medication resources an insurer sent the user earlier, of these ids (a reference resolved across pages). */
  async storedMedications(userId: string, insurerKey: string, ids: string[], manager?: EntityManager): Promise<Record<string, unknown>[]> {
    if (!ids.length) return [];
    const rows: { resource: Record<string, unknown> }[] = await (manager ?? this.dataSource.manager).query(
      `SELECT resource FROM fhir_resources
       WHERE user_id = $1 AND insurer_key = $2 AND resource_type = 'Medication' AND source_id = ANY($3::text[])`,
      [userId, insurerKey, ids],
    );
    return rows.map((row) => row.resource);
  }

  /**
   * Up to `limit` MedicationRequest and MedicationDispense rows projected by a version older than `version`, with
   * their raw resource (null if it is gone), locked for the caller's transaction (another process skips them).
   */
  async staleMedicationRows(version: number, limit: number, manager: EntityManager): Promise<StaleClaim[]> {
    const rows: { id: string; user_id: string; insurer_key: string; resource: Record<string, unknown> | null }[] = await manager.query(
      `SELECT p.id, p.user_id, p.insurer_key, r.resource
       FROM prescriptions p
       LEFT JOIN fhir_resources r ON r.user_id = p.user_id AND r.insurer_key = p.insurer_key
         AND r.resource_type = split_part(p.source_id, '/', 1)
         AND r.source_id = substr(p.source_id, length(split_part(p.source_id, '/', 1)) + 2)
       WHERE p.source_kind IN ('medication_request', 'medication_dispense') AND p.projection_version < $1
       ORDER BY p.projection_version, p.id
       LIMIT $2
       FOR UPDATE OF p SKIP LOCKED`,
      [version, limit],
    );
    return rows.map((row) => ({ id: row.id, userId: row.user_id, insurerKey: row.insurer_key, resource: row.resource }));
  }

  /** Marks medication rows as projected by `version` (those a re-projection could not rewrite). */
  async markMedicationsProjected(ids: string[], version: number, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE prescriptions SET projection_version = $2 WHERE id = ANY($1::uuid[]) AND projection_version < $2`, [
      ids,
      version,
    ]);
  }

  /**
   * Deletes what one insurer sent for one user: raw resources, their projections and the patient info it gave
   * (rows of other insurers, and the member's own profile entry, stay). With a manager it joins the caller's
   * transaction; alone it is one transaction of its own.
   */
  async eraseInsurerData(userId: string, insurerKey: string, manager?: EntityManager): Promise<void> {
    // The member's own entries are not an insurer's data: no unlink removes them (only deleting the account does).
    if (insurerKey === MANUAL_INSURER_KEY) throw new Error(`'${MANUAL_INSURER_KEY}' is not an insurer key`);
    const erase = async (m: EntityManager) => {
      for (const table of ['fhir_resources', 'claims', 'prescriptions', 'conditions', 'coverages']) {
        await m.query(`DELETE FROM ${table} WHERE user_id = $1 AND insurer_key = $2`, [userId, insurerKey]);
      }
      // The insurer's demographics are kept as the patient info of source = its key.
      await m.query(`DELETE FROM patient_info WHERE user_id = $1 AND source = $2`, [userId, insurerKey]);
    };
    await (manager ? erase(manager) : this.dataSource.transaction(erase));
  }
}

interface PageStats {
  total: number;
  as_of: Date | null;
}
/** A row of a page statement: the stats, and a row of the page or (for an empty page) nulls. */
type PageRecord<R> = PageStats & ((R & { sort_date: string }) | { id: null });

/** The page's rows (the statement read one more than the limit, to know whether more follow). */
function toPage<R extends { id: string }, T>(records: PageRecord<R>[], limit: number, map: (row: R) => T): ListPage<T> {
  const stats = records[0] ?? { total: 0, as_of: null };
  const found = records.filter((r): r is PageStats & R & { sort_date: string } => r.id !== null);
  const page = found.slice(0, limit);
  const lastRow = page[page.length - 1];
  return {
    rows: page.map(map),
    last: lastRow ? { sortDate: lastRow.sort_date, id: lastRow.id } : null,
    hasMore: found.length > limit,
    total: stats.total,
    asOf: stats.as_of,
  };
}

interface ClaimRecord {
  id: string;
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
  insurer_key: string;
  marketing_name: string | null;
  plan_year: number | null;
  plan_name: string | null;
  period_start: string | null;
  period_end: string | null;
}

interface SpendingRecord {
  period: string;
  patient_paid: string;
  deductible: string;
  copay: string;
  coinsurance: string;
  insurer_paid: string;
  as_of: Date;
}
