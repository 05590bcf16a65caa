import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Claims keep what the plans' ranking maps them to a plan's service categories by: the subtype (institutional
 * inpatient or outpatient, or Blue Button's claim type), the end of the service (a stay's length) and the care lines
 * (per line: HCPCS code, place of service, revenue code, allowed amount).
 *
 * Nothing is filled here: the projection is application code, which a migration must not depend on. The claims
 * already stored were made by projection version 2 or older, and the health-data module re-projects every claim
 * below the current version (3) from its raw resource at boot (ClaimReprojectionOnBoot).
 */
export class ClaimCareLines1765100000100 implements MigrationInterface {
  name = 'ClaimCareLines1765100000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "claims"
        ADD COLUMN "subtype" text NULL,
        ADD COLUMN "service_end_date" date NULL,
        ADD COLUMN "care_lines" jsonb NOT NULL DEFAULT '[]'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "claims"
        DROP COLUMN "care_lines",
        DROP COLUMN "service_end_date",
        DROP COLUMN "subtype"`);
  }
}
