import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts and sessions: users, server-side sessions, password recovery, rate-limit counters, patient info. */
export class CreateAccounts1763900000000 implements MigrationInterface {
  name = 'CreateAccounts1763900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "users" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "email" text NOT NULL,
        "first_name" text NOT NULL,
        "last_name" text NOT NULL,
        "password_hash" text NOT NULL,
        "role" text NOT NULL DEFAULT 'patient',
        "phone_number" text NULL,
        "address1" text NULL,
        "city" text NULL,
        "district" text NULL,
        "state" text NULL,
        "postal_code" text NULL,
        "birthdate" date NULL,
        "gender" text NULL,
        "password_changed_at" timestamptz NOT NULL DEFAULT now(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_users" PRIMARY KEY ("id"),
        CONSTRAINT "ck_users_role" CHECK ("role" IN ('patient', 'staff')),
        CONSTRAINT "ck_users_email_lower" CHECK ("email" = lower("email"))
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_users_email" ON "users" ("email")`);

    await queryRunner.query(`
      CREATE TABLE "sessions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "last_seen_at" timestamptz NOT NULL DEFAULT now(),
        "expires_at" timestamptz NOT NULL,
        "revoked_at" timestamptz NULL,
        "revoked_reason" text NULL,
        "ip" text NULL,
        "user_agent" text NULL,
        CONSTRAINT "pk_sessions" PRIMARY KEY ("id"),
        CONSTRAINT "fk_sessions_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "idx_sessions_user_active" ON "sessions" ("user_id") WHERE "revoked_at" IS NULL`);

    await queryRunner.query(`
      CREATE TABLE "password_resets" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "code_hash" text NOT NULL,
        "code_expires_at" timestamptz NOT NULL,
        "attempts" integer NOT NULL DEFAULT 0,
        "verified_at" timestamptz NULL,
        "temp_token_hash" text NULL,
        "temp_token_expires_at" timestamptz NULL,
        "used_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_password_resets" PRIMARY KEY ("id"),
        CONSTRAINT "fk_password_resets_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE INDEX "idx_password_resets_user" ON "password_resets" ("user_id", "created_at" DESC)`);
    await queryRunner.query(
      `CREATE UNIQUE INDEX "uq_password_resets_temp_token" ON "password_resets" ("temp_token_hash") WHERE "temp_token_hash" IS NOT NULL`,
    );

    // Fixed-window counters shared by every API process.
    await queryRunner.query(`
      CREATE TABLE "rate_limits" (
        "key" text NOT NULL,
        "window_started_at" timestamptz NOT NULL,
        "hits" integer NOT NULL,
        CONSTRAINT "pk_rate_limits" PRIMARY KEY ("key")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_rate_limits_window" ON "rate_limits" ("window_started_at")`);

    await queryRunner.query(`
      CREATE TABLE "patient_info" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "source" text NOT NULL,
        "email" text NULL,
        "phone_number" text NULL,
        "first_name" text NULL,
        "last_name" text NULL,
        "street_address" text NULL,
        "city" text NULL,
        "district" text NULL,
        "state" text NULL,
        "postal_code" text NULL,
        "birthdate" date NULL,
        "gender" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_patient_info" PRIMARY KEY ("id"),
        CONSTRAINT "fk_patient_info_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_patient_info_user_source" ON "patient_info" ("user_id", "source")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "patient_info"`);
    await queryRunner.query(`DROP TABLE "rate_limits"`);
    await queryRunner.query(`DROP TABLE "password_resets"`);
    await queryRunner.query(`DROP TABLE "sessions"`);
    await queryRunner.query(`DROP TABLE "users"`);
  }
}
