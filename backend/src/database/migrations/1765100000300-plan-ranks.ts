import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Plan ranking (plans module), one row per member in each table, gone with the account by the cascade:
 * - `plan_rank_runs`: the member's latest ranking (`result`, the polled response) and every plan's arithmetic
 *   (`estimates`, by bidId), reused while `inputs_hash` (claims, drugs, county, plan data, engine version) is the same.
 *   Both name the member's care (health data).
 * - `plan_contacts`: what the member gave the contact form when we had no address (part 2 §3): where they live,
 *   their birth date and sex. The ranking's place comes from here first.
 * - `plan_alerts`: the enrollment-season e-mail opt-in, the season it last went out (once per season) and the
 *   inputs it was last checked with (re-ranked only when they change).
 */
export class PlanRanks1765100000300 implements MigrationInterface {
  name = 'PlanRanks1765100000300';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "plan_rank_runs" (
        "user_id" uuid NOT NULL,
        "inputs_hash" char(64) NOT NULL,
        "result" jsonb NOT NULL,
        "estimates" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_plan_rank_runs" PRIMARY KEY ("user_id"),
        CONSTRAINT "fk_plan_rank_runs_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "chk_plan_rank_runs_inputs_hash" CHECK ("inputs_hash" ~ '^[0-9a-f]{64}$')
      )`);
    await queryRunner.query(`
      CREATE TABLE "plan_contacts" (
        "user_id" uuid NOT NULL,
        "patient_id" text NULL,
        "gender" text NOT NULL,
        "birth_date" date NOT NULL,
        "street_address" text NOT NULL,
        "city" text NOT NULL,
        "state" char(2) NOT NULL,
        "postal_code" char(5) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_plan_contacts" PRIMARY KEY ("user_id"),
        CONSTRAINT "fk_plan_contacts_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "chk_plan_contacts_gender" CHECK ("gender" IN ('male', 'female')),
        CONSTRAINT "chk_plan_contacts_postal_code" CHECK ("postal_code" ~ '^[0-9]{5}$')
      )`);
    await queryRunner.query(`
      CREATE TABLE "plan_alerts" (
        "user_id" uuid NOT NULL,
        "opted_in" boolean NOT NULL,
        "last_sent_season" integer NULL,
        "last_checked_hash" char(64) NULL,
        "last_checked_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_plan_alerts" PRIMARY KEY ("user_id"),
        CONSTRAINT "fk_plan_alerts_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    // The season's sweep reads only the opted-in members.
    await queryRunner.query(`CREATE INDEX "idx_plan_alerts_opted_in" ON "plan_alerts" ("user_id") WHERE "opted_in"`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "plan_alerts"`);
    await queryRunner.query(`DROP TABLE "plan_contacts"`);
    await queryRunner.query(`DROP TABLE "plan_rank_runs"`);
  }
}
