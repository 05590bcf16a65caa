import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Referrals: the account a referral created or was attached to (after its owner signed in), and when. The
 * row goes with the account. Rate limits: keys are now a keyed hash of the subject; the counters of the
 * old format, which named e-mails in clear, are dropped (they live 15 to 60 minutes anyway).
 */
export class AttachReferralsAndPseudonymousRateLimits1764300000300 implements MigrationInterface {
  name = 'AttachReferralsAndPseudonymousRateLimits1764300000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "referral_codes"
        ADD COLUMN "user_id" uuid NULL,
        ADD COLUMN "attached_at" timestamptz NULL,
        ADD CONSTRAINT "fk_referral_codes_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE`);
    await queryRunner.query(`CREATE INDEX "idx_referral_codes_user" ON "referral_codes" ("user_id") WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(`DELETE FROM "rate_limits"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_referral_codes_user"`);
    await queryRunner.query(
      `ALTER TABLE "referral_codes" DROP CONSTRAINT "fk_referral_codes_user", DROP COLUMN "attached_at", DROP COLUMN "user_id"`,
    );
  }
}
