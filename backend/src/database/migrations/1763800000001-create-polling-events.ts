import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreatePollingEvents1763800000001 implements MigrationInterface {
  name = 'CreatePollingEvents1763800000001';

  async up(queryRunner: QueryRunner): Promise<void> {
    // owner_user_id gets its foreign key when the users table lands (accounts issue).
    await queryRunner.query(`
      CREATE TABLE "polling_events" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "owner_user_id" uuid NOT NULL,
        "kind" text NOT NULL,
        "status" text NOT NULL DEFAULT 'pending',
        "poll_interval" integer NOT NULL DEFAULT 1000,
        "response" jsonb NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        "completed_at" timestamptz NULL,
        CONSTRAINT "pk_polling_events" PRIMARY KEY ("id"),
        CONSTRAINT "chk_polling_events_status"
          CHECK ("status" IN ('pending', 'complete', 'missing', 'failed', 'error', 'incomplete')),
        CONSTRAINT "chk_polling_events_poll_interval" CHECK ("poll_interval" > 0)
      )`);
    await queryRunner.query(`CREATE INDEX "idx_polling_events_owner_user_id" ON "polling_events" ("owner_user_id")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "polling_events"`);
  }
}
