import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateErrors1763800000000 implements MigrationInterface {
  name = 'CreateErrors1763800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "errors" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "user_id" uuid NULL,
        "insurer_name" text NULL,
        "host" text NULL,
        "error_type" text NOT NULL,
        "error_details" jsonb NULL,
        CONSTRAINT "pk_errors" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_errors_created_at" ON "errors" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "errors"`);
  }
}
