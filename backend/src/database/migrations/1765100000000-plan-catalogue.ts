import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The 2026 Medicare plan catalogue (plans module): `plans`, one row per plan of the Landscape lists, with the parsed
 * Plan Finder page (`record`, a CataloguePlan, and `benefits`, its CataloguePlanBenefits) or NULL for the plans that
 * have no Plan Finder page (listed, counted, never priced); `plan_service_areas`, where each plan is offered, by
 * state and county key ('' = the whole state), keyed for the per-county lookup of the ranking.
 *
 * Only the schema is made here: the rows come from backend/data/plans, loaded by PlanCatalogueService at boot and
 * recorded in `reference_datasets` (once per database and version of the files). Keyed by CMS's own plan ids.
 */
export class PlanCatalogue1765100000000 implements MigrationInterface {
  name = 'PlanCatalogue1765100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "plans" (
        "bid_id" text NOT NULL,
        "contract_id" text NOT NULL,
        "plan_id" text NOT NULL,
        "segment_id" text NOT NULL,
        "name" text NOT NULL,
        "carrier" text NOT NULL,
        "category" text NOT NULL,
        "plan_type" text NOT NULL,
        "special_needs" boolean NOT NULL,
        "record" jsonb NULL,
        "benefits" jsonb NULL,
        "source_url" text NULL,
        "as_of" date NOT NULL,
        CONSTRAINT "pk_plans" PRIMARY KEY ("bid_id"),
        CONSTRAINT "chk_plans_bid_id" CHECK ("bid_id" ~ '^[HRSE][0-9]{4}_[0-9]{3}_[0-9]{1,3}$'),
        CONSTRAINT "chk_plans_details" CHECK (("record" IS NULL) = ("benefits" IS NULL))
      )`);
    await queryRunner.query(`CREATE INDEX "idx_plans_carrier" ON "plans" ("carrier")`);

    await queryRunner.query(`
      CREATE TABLE "plan_service_areas" (
        "state" char(2) NOT NULL,
        "county" text NOT NULL,
        "bid_id" text NOT NULL,
        "county_name" text NOT NULL,
        CONSTRAINT "pk_plan_service_areas" PRIMARY KEY ("state", "county", "bid_id"),
        CONSTRAINT "fk_plan_service_areas_plan" FOREIGN KEY ("bid_id") REFERENCES "plans" ("bid_id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "idx_plan_service_areas_bid_id" ON "plan_service_areas" ("bid_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "plan_service_areas"`);
    await queryRunner.query(`DROP TABLE "plans"`);
    await queryRunner.query(`DELETE FROM "reference_datasets" WHERE "dataset" LIKE 'plans\\_%'`);
  }
}
