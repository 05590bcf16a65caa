import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `insurer_uptime_checks` (uptime): one row per insurer per scheduled uptime run (every 5 minutes), kept 30 days
 * (the job prunes older rows). `insurer` is the catalogue id (`uhc`, `molina`), never a URL; `message` is the
 * checker's own short reason ("HTTP 503"), never a partner's body.
 */
export class InsurerUptimeChecks1765100000600 implements MigrationInterface {
  name = 'InsurerUptimeChecks1765100000600';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "insurer_uptime_checks" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "insurer" text NOT NULL,
        "status" text NOT NULL,
        "response_time_ms" integer,
        "message" text NOT NULL,
        "checked_at" timestamptz NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_insurer_uptime_checks" PRIMARY KEY ("id"),
        CONSTRAINT "uq_insurer_uptime_checks_run" UNIQUE ("insurer", "checked_at"),
        CONSTRAINT "chk_insurer_uptime_checks_status" CHECK ("status" IN ('PASS', 'UNTESTABLE', 'FAIL', 'TIMEOUT', 'UNREACHABLE')),
        CONSTRAINT "chk_insurer_uptime_checks_insurer" CHECK ("insurer" ~ '^[A-Za-z0-9]{1,64}$'),
        CONSTRAINT "chk_insurer_uptime_checks_response_time" CHECK ("response_time_ms" IS NULL OR "response_time_ms" >= 0),
        CONSTRAINT "chk_insurer_uptime_checks_message" CHECK (length("message") <= 500)
      )`);
    // The history reads and the pruning both go by time.
    await queryRunner.query(`CREATE INDEX "idx_insurer_uptime_checks_checked_at" ON "insurer_uptime_checks" ("checked_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "insurer_uptime_checks"`);
  }
}
