import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * AI (ai module): `ai_usage`, one row per call that reached a provider (the offline one included: its tokens are 0 and
 * its cost 0, nothing being sent to a model), gone with the account by the cascade; and `code_definitions`, the
 * definitions cache shared by every member, keyed by code type, code, language, provider and model (no user column:
 * a code's definition names nobody).
 */
export class Ai1765100000700 implements MigrationInterface {
  name = 'Ai1765100000700';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "ai_usage" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "endpoint" text NOT NULL,
        "provider" text NOT NULL,
        "model" text NOT NULL,
        "input_tokens" integer NOT NULL,
        "output_tokens" integer NOT NULL,
        "total_tokens" integer NOT NULL,
        "cost" numeric(14, 6) NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_ai_usage" PRIMARY KEY ("id"),
        CONSTRAINT "fk_ai_usage_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "chk_ai_usage_provider" CHECK ("provider" IN ('offline', 'openai')),
        CONSTRAINT "chk_ai_usage_tokens" CHECK ("input_tokens" >= 0 AND "output_tokens" >= 0 AND "total_tokens" >= 0),
        CONSTRAINT "chk_ai_usage_cost" CHECK ("cost" >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX "idx_ai_usage_user_created" ON "ai_usage" ("user_id", "created_at" DESC)`);

    await queryRunner.query(`
      CREATE TABLE "code_definitions" (
        "code_type" text NOT NULL,
        "code" text NOT NULL,
        "language" text NOT NULL,
        "provider" text NOT NULL,
        "model" text NOT NULL,
        "definition" jsonb NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_code_definitions" PRIMARY KEY ("code_type", "code", "language", "provider", "model"),
        CONSTRAINT "chk_code_definitions_provider" CHECK ("provider" IN ('offline', 'openai'))
      )`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "code_definitions"`);
    await queryRunner.query(`DROP TABLE "ai_usage"`);
  }
}
