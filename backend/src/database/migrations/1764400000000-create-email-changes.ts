import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A requested change of the sign-in e-mail, waiting for the code sent to the new address (stored as an HMAC,
 * tried at most five times). The row goes with the account.
 */
export class CreateEmailChanges1764400000000 implements MigrationInterface {
  name = 'CreateEmailChanges1764400000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "email_changes" (
        "id" uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL REFERENCES "users" ("id") ON DELETE CASCADE,
        "new_email" text NOT NULL CHECK ("new_email" = lower("new_email")),
        "code_hash" text NOT NULL,
        "code_expires_at" timestamptz NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "used_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now()
      )`);
    await queryRunner.query(`CREATE INDEX "idx_email_changes_user_live" ON "email_changes" ("user_id") WHERE "used_at" IS NULL`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "email_changes"`);
  }
}
