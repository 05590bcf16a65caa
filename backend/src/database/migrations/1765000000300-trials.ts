import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Clinical trials (trials module): `trial_matches`, the member's last matched list, one row per member. It is reused
 * while `inputs_hash` (diagnoses, birthdate, sex, ZIP, radius, matching version) is unchanged and replaced when it
 * changes; `result` is the polled response (it names diagnoses: health data, gone with the account by the cascade);
 * `as_of` the date of the registry data it was matched against.
 */
export class Trials1765000000300 implements MigrationInterface {
  name = 'Trials1765000000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "trial_matches" (
        "user_id" uuid NOT NULL,
        "inputs_hash" char(64) NOT NULL,
        "result" jsonb NOT NULL,
        "as_of" date NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_trial_matches" PRIMARY KEY ("user_id"),
        CONSTRAINT "fk_trial_matches_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "chk_trial_matches_inputs_hash" CHECK ("inputs_hash" ~ '^[0-9a-f]{64}$')
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "trial_matches"`);
  }
}
