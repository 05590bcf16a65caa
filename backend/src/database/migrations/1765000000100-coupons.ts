import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The coupon service (pricing/coupons):
 * - polling events end `duplicate` too (an enrollment of a phone the coupon service already knows);
 * - a polling event may have no owner: a visitor's coupon search (public drug prices only), readable by whoever holds
 *   its UUID; a signed-in user's events keep their owner and stay theirs alone;
 * - `coupon_enrollments`: one row per enrollment asked for. Of the phone only its last four digits are kept; the whole
 *   number lives sealed (AES-256-GCM) in `phone_enc` only until the coupon service has answered, then is erased; an
 *   enrollment still pending an hour after it was asked for (its job died or was lost) is ended `failed` with its
 *   number erased by an hourly job (StaleEnrollmentsJob; `idx_coupon_enrollments_pending` serves it). The user's rows
 *   go with the account (ON DELETE CASCADE).
 */
export class Coupons1765000000100 implements MigrationInterface {
  name = 'Coupons1765000000100';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "polling_events" DROP CONSTRAINT "chk_polling_events_status"`);
    await queryRunner.query(`
      ALTER TABLE "polling_events" ADD CONSTRAINT "chk_polling_events_status"
        CHECK ("status" IN ('pending', 'complete', 'missing', 'failed', 'error', 'incomplete', 'duplicate'))`);
    await queryRunner.query(`ALTER TABLE "polling_events" ALTER COLUMN "owner_user_id" DROP NOT NULL`);

    await queryRunner.query(`
      CREATE TABLE "coupon_enrollments" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "polling_event_id" uuid NULL,
        "phone_last4" char(4) NOT NULL,
        "phone_enc" text NULL,
        "drug_name" text NULL,
        "ndc11" char(11) NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "redemption_url" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_coupon_enrollments" PRIMARY KEY ("id"),
        CONSTRAINT "fk_coupon_enrollments_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "chk_coupon_enrollments_status"
          CHECK ("status" IN ('pending', 'complete', 'incomplete', 'duplicate', 'failed')),
        CONSTRAINT "chk_coupon_enrollments_phone_last4" CHECK ("phone_last4" ~ '^[0-9]{4}$'),
        CONSTRAINT "chk_coupon_enrollments_ndc11" CHECK ("ndc11" IS NULL OR "ndc11" ~ '^[0-9]{11}$'),
        -- The sealed number never outlives the call it was kept for.
        CONSTRAINT "chk_coupon_enrollments_phone_enc" CHECK ("phone_enc" IS NULL OR "status" = 'pending')
      )`);
    await queryRunner.query(`CREATE INDEX "idx_coupon_enrollments_user_id" ON "coupon_enrollments" ("user_id", "created_at")`);
    await queryRunner.query(
      `CREATE INDEX "idx_coupon_enrollments_pending" ON "coupon_enrollments" ("created_at") WHERE "status" = 'pending'`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "coupon_enrollments"`);
    // Visitors' events have no owner to give back; they hold public prices only.
    await queryRunner.query(`DELETE FROM "polling_events" WHERE "owner_user_id" IS NULL`);
    await queryRunner.query(`ALTER TABLE "polling_events" ALTER COLUMN "owner_user_id" SET NOT NULL`);
    await queryRunner.query(`UPDATE "polling_events" SET "status" = 'failed' WHERE "status" = 'duplicate'`);
    await queryRunner.query(`ALTER TABLE "polling_events" DROP CONSTRAINT "chk_polling_events_status"`);
    await queryRunner.query(`
      ALTER TABLE "polling_events" ADD CONSTRAINT "chk_polling_events_status"
        CHECK ("status" IN ('pending', 'complete', 'missing', 'failed', 'error', 'incomplete'))`);
  }
}
