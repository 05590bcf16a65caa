import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the daily re-sync needs to know of a link: when its data was last fetched completely, whether the insurer
 * refused its refresh token (the member must link again) and when they were told so (one e-mail per refusal).
 */
export class TrackInsurerLinkSync1764500000000 implements MigrationInterface {
  name = 'TrackInsurerLinkSync1764500000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "insurer_links"
        ADD COLUMN "status" text NOT NULL DEFAULT 'active' CONSTRAINT "ck_insurer_links_status" CHECK ("status" IN ('active', 'relink_required')),
        ADD COLUMN "last_synced_at" timestamptz NULL,
        ADD COLUMN "relink_notified_at" timestamptz NULL`);
    // The links a re-sync run walks: active ones, least recently synced first.
    await queryRunner.query(
      `CREATE INDEX "idx_insurer_links_sync_due" ON "insurer_links" ("last_synced_at" NULLS FIRST) WHERE "status" = 'active'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_insurer_links_sync_due"`);
    await queryRunner.query(
      `ALTER TABLE "insurer_links" DROP COLUMN "relink_notified_at", DROP COLUMN "last_synced_at", DROP COLUMN "status"`,
    );
  }
}
