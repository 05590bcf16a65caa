import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims keep the patient's share and its parts (deductible, copay, coinsurance) beside what the insurer paid, and
 * a lowercase search text; the dashboard's lists are read a page at a time by keyset on indexes that order them.
 *
 * The claims already stored keep their old amounts until re-projected from their raw resources: they are marked
 * projection_version 0, and the health-data module re-projects every claim below the current version at boot, in
 * batches (ClaimReprojectionOnBoot). Nothing is re-projected here: the projection is application code, which a
 * migration must not depend on.
 */
export class ClaimMoneyAndListPages1764600000000 implements MigrationInterface {
  name = 'ClaimMoneyAndListPages1764600000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "claims"
        ADD COLUMN "patient_paid" numeric(14, 2) NULL,
        ADD COLUMN "deductible" numeric(14, 2) NULL,
        ADD COLUMN "copay" numeric(14, 2) NULL,
        ADD COLUMN "coinsurance" numeric(14, 2) NULL,
        ADD COLUMN "search_text" text NOT NULL DEFAULT '',
        ADD COLUMN "projection_version" smallint NOT NULL DEFAULT 0`);
    // The boot re-projection finds stale claims through this, and finds none at once when there are none.
    await queryRunner.query(`CREATE INDEX "idx_claims_projection_version" ON "claims" ("projection_version")`);

    // Pages newest first, claims without a date last; updated_at rides along for the page's asOf and count.
    await queryRunner.query(`DROP INDEX "idx_claims_user_date"`);
    await queryRunner.query(
      `CREATE INDEX "idx_claims_user_page" ON "claims" ("user_id", (COALESCE("service_date", '-infinity'::date)) DESC, "id" DESC) INCLUDE ("updated_at")`,
    );
    await queryRunner.query(`DROP INDEX "idx_prescriptions_user_date"`);
    await queryRunner.query(
      `CREATE INDEX "idx_prescriptions_user_newest" ON "prescriptions" ("user_id", (COALESCE("date_prescribed", '-infinity'::date)) DESC, "id" DESC) INCLUDE ("updated_at")`,
    );
    await queryRunner.query(
      `CREATE INDEX "idx_prescriptions_user_oldest" ON "prescriptions" ("user_id", (COALESCE("date_prescribed", 'infinity'::date)), "id") INCLUDE ("updated_at")`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_prescriptions_user_oldest"`);
    await queryRunner.query(`DROP INDEX "idx_prescriptions_user_newest"`);
    await queryRunner.query(`CREATE INDEX "idx_prescriptions_user_date" ON "prescriptions" ("user_id", "date_prescribed" DESC)`);
    await queryRunner.query(`DROP INDEX "idx_claims_user_page"`);
    await queryRunner.query(`CREATE INDEX "idx_claims_user_date" ON "claims" ("user_id", "service_date" DESC)`);
    await queryRunner.query(`DROP INDEX "idx_claims_projection_version"`);
    await queryRunner.query(`
      ALTER TABLE "claims"
        DROP COLUMN "projection_version",
        DROP COLUMN "search_text",
        DROP COLUMN "coinsurance",
        DROP COLUMN "copay",
        DROP COLUMN "deductible",
        DROP COLUMN "patient_paid"`);
  }
}
