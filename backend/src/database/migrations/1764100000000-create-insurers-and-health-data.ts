import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Insurer linking (OAuth states, links with encrypted tokens, add-insurer requests, referral codes) and the
 * health-data store: raw FHIR resources keyed by their source ids, and the projections the screens read.
 */
export class CreateInsurersAndHealthData1764100000000 implements MigrationInterface {
  name = 'CreateInsurersAndHealthData1764100000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "oauth_states" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "state_hash" text NOT NULL,
        "user_id" uuid NOT NULL,
        "insurer_key" text NOT NULL,
        "subset" text NULL,
        "code_verifier_enc" text NOT NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_oauth_states" PRIMARY KEY ("id"),
        CONSTRAINT "fk_oauth_states_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_oauth_states_hash" ON "oauth_states" ("state_hash")`);

    await queryRunner.query(`
      CREATE TABLE "insurer_links" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "insurer_key" text NOT NULL,
        "subset" text NULL,
        "patient_id" text NULL,
        "access_token_enc" text NOT NULL,
        "refresh_token_enc" text NULL,
        "access_expires_at" timestamptz NULL,
        "scope" text NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_insurer_links" PRIMARY KEY ("id"),
        CONSTRAINT "fk_insurer_links_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_insurer_links_user_insurer" ON "insurer_links" ("user_id", "insurer_key")`);

    await queryRunner.query(`
      CREATE TABLE "insurer_requests" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "user_id" uuid NULL,
        "insurer_name" text NOT NULL,
        "email" text NOT NULL,
        CONSTRAINT "pk_insurer_requests" PRIMARY KEY ("id"),
        CONSTRAINT "fk_insurer_requests_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL
      )`);

    // Single-use codes a partner mints for an e-mail; the code itself is stored only as a hash.
    await queryRunner.query(`
      CREATE TABLE "referral_codes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "code_hash" text NOT NULL,
        "partner" text NOT NULL,
        "email" text NOT NULL,
        "first_name" text NULL,
        "last_name" text NULL,
        "expires_at" timestamptz NOT NULL,
        "used_at" timestamptz NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_referral_codes" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_referral_codes_hash" ON "referral_codes" ("code_hash")`);

    await queryRunner.query(`
      CREATE TABLE "fhir_resources" (
        "user_id" uuid NOT NULL,
        "insurer_key" text NOT NULL,
        "resource_type" text NOT NULL,
        "source_id" text NOT NULL,
        "resource" jsonb NOT NULL,
        "fetched_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_fhir_resources" PRIMARY KEY ("user_id", "insurer_key", "resource_type", "source_id"),
        CONSTRAINT "fk_fhir_resources_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);

    await queryRunner.query(`
      CREATE TABLE "claims" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "insurer_key" text NOT NULL,
        "source_id" text NOT NULL,
        "claim_type" text NULL,
        "status" text NULL,
        "outcome" text NULL,
        "service_date" date NULL,
        "payment_amount" numeric(14, 2) NULL,
        "rendering_provider" text NULL,
        "diagnoses" jsonb NOT NULL DEFAULT '[]',
        "procedures" jsonb NOT NULL DEFAULT '[]',
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_claims" PRIMARY KEY ("id"),
        CONSTRAINT "fk_claims_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_claims_source" ON "claims" ("user_id", "insurer_key", "source_id")`);
    await queryRunner.query(`CREATE INDEX "idx_claims_user_date" ON "claims" ("user_id", "service_date" DESC)`);

    await queryRunner.query(`
      CREATE TABLE "prescriptions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "insurer_key" text NOT NULL,
        "source_id" text NOT NULL,
        "drug_name" text NULL,
        "drug_ndc" text NULL,
        "date_prescribed" date NULL,
        "provider" text NULL,
        "patient_paid" numeric(14, 2) NULL,
        "insurer_paid" numeric(14, 2) NULL,
        "total_price" numeric(14, 2) NULL,
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_prescriptions" PRIMARY KEY ("id"),
        CONSTRAINT "fk_prescriptions_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_prescriptions_source" ON "prescriptions" ("user_id", "insurer_key", "source_id")`);
    await queryRunner.query(`CREATE INDEX "idx_prescriptions_user_date" ON "prescriptions" ("user_id", "date_prescribed" DESC)`);

    await queryRunner.query(`
      CREATE TABLE "conditions" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "insurer_key" text NOT NULL,
        "source_id" text NOT NULL,
        "code_system" text NULL,
        "code" text NULL,
        "display" text NULL,
        "clinical_status" text NULL,
        "onset_date" date NULL,
        CONSTRAINT "pk_conditions" PRIMARY KEY ("id"),
        CONSTRAINT "fk_conditions_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_conditions_source" ON "conditions" ("user_id", "insurer_key", "source_id")`);

    await queryRunner.query(`
      CREATE TABLE "coverages" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "insurer_key" text NOT NULL,
        "source_id" text NOT NULL,
        "status" text NULL,
        "plan_name" text NULL,
        "marketing_name" text NULL,
        "plan_year" integer NULL,
        "period_start" date NULL,
        "period_end" date NULL,
        CONSTRAINT "pk_coverages" PRIMARY KEY ("id"),
        CONSTRAINT "fk_coverages_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE
      )`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_coverages_source" ON "coverages" ("user_id", "insurer_key", "source_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'coverages',
      'conditions',
      'prescriptions',
      'claims',
      'fhir_resources',
      'referral_codes',
      'insurer_requests',
      'insurer_links',
      'oauth_states',
    ]) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
  }
}
