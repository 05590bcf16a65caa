import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { PoolClient } from 'pg';
import type { DataSource, EntityManager } from 'typeorm';
import type { CataloguePlan, CataloguePlanBenefits } from '../plan-types';
import { copyRows } from '../../../common/pg-copy';
import { recordDatasetVersion, type DatasetVersion } from '../../../common/reference-datasets';
import type { ServiceAreaRow } from './service-areas';

// Any constant works as long as every process uses the same one (distinct from the migrations' and pricing's locks).
const IMPORT_LOCK_KEY = 7_261_804_117;

/** One row of `plans`: a plan of the Landscape lists, with its parsed page when it has one. */
export interface PlanRow {
  bidId: string;
  contractId: string;
  planId: string;
  segmentId: string;
  name: string;
  carrier: string;
  category: string;
  planType: string;
  specialNeeds: boolean;
  record: CataloguePlan | null;
  benefits: CataloguePlanBenefits | null;
  sourceUrl: string | null;
  asOf: string;
}

export type PlansVersion = DatasetVersion;

/** The plans offered in a county: those with a Plan Finder page, and how many others the lists name there. */
export interface CountyPlans {
  plans: CataloguePlan[];
  /** Each plan's extra benefits (what the estimate names beside its total), by bidId. */
  extras: Map<string, Pick<CataloguePlanBenefits, 'enhanced'>>;
  withoutDetails: number;
}

export interface CarrierPlans {
  carrier: string;
  plans: number;
}

/** The only SQL of the catalogue tables (plans, plan_service_areas) and of their reference_datasets rows. */
@Injectable()
export class PlansCatalogueRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  transaction<T>(work: (manager: EntityManager) => Promise<T>): Promise<T> {
    return this.dataSource.transaction(work);
  }

  /** Waits until no other process is importing the catalogue, for the rest of the caller's transaction. */
  async lockImports(manager: EntityManager): Promise<void> {
    await manager.query('SELECT pg_advisory_xact_lock($1)', [IMPORT_LOCK_KEY]);
  }

  /** dataset -> sha256 of the catalogue's loaded files. */
  async loadedVersions(manager: EntityManager = this.dataSource.manager): Promise<Map<string, string>> {
    const rows: { dataset: string; sha256: string }[] = await manager.query(
      `SELECT dataset, sha256 FROM reference_datasets WHERE dataset LIKE 'plans\\_%'`,
    );
    return new Map(rows.map((row) => [row.dataset, row.sha256]));
  }

  /**
   * Replaces both tables in the caller's transaction (DELETE, not TRUNCATE: readers keep the old rows until it
   * commits), by COPY.
   */
  async replaceCatalogue(manager: EntityManager, plans: readonly PlanRow[], areas: readonly ServiceAreaRow[]): Promise<void> {
    if (!manager.queryRunner) throw new Error("replaceCatalogue runs in the caller's transaction");
    await manager.query('DELETE FROM plan_service_areas');
    await manager.query('DELETE FROM plans');
    const client = (await manager.queryRunner.connect()) as PoolClient;
    await copyRows(
      client,
      `COPY plans (bid_id, contract_id, plan_id, segment_id, name, carrier, category, plan_type, special_needs, record, benefits, source_url, as_of) FROM STDIN`,
      plans.map((plan) => [
        plan.bidId,
        plan.contractId,
        plan.planId,
        plan.segmentId,
        plan.name,
        plan.carrier,
        plan.category,
        plan.planType,
        plan.specialNeeds,
        plan.record ? JSON.stringify(plan.record) : null,
        plan.benefits ? JSON.stringify(plan.benefits) : null,
        plan.sourceUrl,
        plan.asOf,
      ]),
    );
    await copyRows(
      client,
      'COPY plan_service_areas (state, county, bid_id, county_name) FROM STDIN',
      areas.map((area) => [area.state, area.county, area.bidId, area.countyName]),
    );
    await manager.query('ANALYZE plans');
    await manager.query('ANALYZE plan_service_areas');
  }

  recordVersion(manager: EntityManager, version: PlansVersion): Promise<void> {
    return recordDatasetVersion(manager, version);
  }

  /**
   * The plans offered in (state, county key): listed for the whole state or for that county. One index range scan
   * per key of the primary key (state, county, bid_id).
   */
  async plansInCounty(state: string, county: string): Promise<CountyPlans> {
    const rows: { record: CataloguePlan | null; enhanced: CataloguePlanBenefits['enhanced'] | null }[] = await this.dataSource.query(
      `SELECT p.record, p.benefits -> 'enhanced' AS enhanced
         FROM (SELECT DISTINCT bid_id FROM plan_service_areas WHERE state = $1 AND county IN ('', $2)) a
         JOIN plans p ON p.bid_id = a.bid_id
        ORDER BY p.bid_id`,
      [state, county],
    );
    const plans = rows.flatMap((row) => (row.record ? [row.record] : []));
    const extras = new Map(rows.flatMap((row) => (row.record ? [[row.record.bidId, { enhanced: row.enhanced ?? [] }] as const] : [])));
    return { plans, extras, withoutDetails: rows.length - plans.length };
  }

  async plan(bidId: string): Promise<CataloguePlan | null> {
    const rows: { record: CataloguePlan | null }[] = await this.dataSource.query(`SELECT record FROM plans WHERE bid_id = $1`, [bidId]);
    return rows[0]?.record ?? null;
  }

  async benefits(bidId: string): Promise<CataloguePlanBenefits | null> {
    const rows: { benefits: CataloguePlanBenefits | null }[] = await this.dataSource.query(`SELECT benefits FROM plans WHERE bid_id = $1`, [
      bidId,
    ]);
    return rows[0]?.benefits ?? null;
  }

  /** Carriers with at least one plan that has a Plan Finder page, with how many such plans. */
  async carriers(): Promise<CarrierPlans[]> {
    const rows: { carrier: string; plans: number }[] = await this.dataSource.query(
      `SELECT carrier, count(*)::int AS plans FROM plans WHERE record IS NOT NULL GROUP BY carrier ORDER BY carrier`,
    );
    return rows;
  }

  /** A carrier's plans (Plan Finder page only), optionally only those offered somewhere in the state. */
  async plansOfCarrier(carrier: string, state: string | null): Promise<CataloguePlan[]> {
    const rows: { record: CataloguePlan }[] = state
      ? await this.dataSource.query(
          `SELECT p.record FROM plans p
            WHERE p.carrier = $1 AND p.record IS NOT NULL
              AND EXISTS (SELECT 1 FROM plan_service_areas a WHERE a.bid_id = p.bid_id AND a.state = $2)
            ORDER BY p.bid_id`,
          [carrier, state],
        )
      : await this.dataSource.query(`SELECT record FROM plans WHERE carrier = $1 AND record IS NOT NULL ORDER BY bid_id`, [carrier]);
    return rows.map((row) => row.record);
  }
}
