import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Contact messages, and first-party analytics events (no user id, no query strings, no health data). */
export class CreateContactAndAnalytics1764000000000 implements MigrationInterface {
  name = 'CreateContactAndAnalytics1764000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "contact_messages" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "name" text NULL,
        "email" text NOT NULL,
        "phone_number" text NULL,
        "message" text NOT NULL,
        "copy_sent_at" timestamptz NULL,
        CONSTRAINT "pk_contact_messages" PRIMARY KEY ("id"),
        CONSTRAINT "ck_contact_messages_length" CHECK (char_length("message") <= 250)
      )`);
    await queryRunner.query(`CREATE INDEX "idx_contact_messages_created_at" ON "contact_messages" ("created_at")`);
    await queryRunner.query(`
      CREATE TABLE "analytics_events" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "category" text NOT NULL,
        "action" text NOT NULL,
        "path" text NOT NULL,
        CONSTRAINT "pk_analytics_events" PRIMARY KEY ("id")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_analytics_events_created_at" ON "analytics_events" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "analytics_events"`);
    await queryRunner.query(`DROP TABLE "contact_messages"`);
  }
}
