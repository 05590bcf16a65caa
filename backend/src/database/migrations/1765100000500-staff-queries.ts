import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `staff_queries` (debug): every SQL text a staff member sent to the query tool, who sent it and when, refused ones
 * too. A query to run is recorded `running` before it reaches the database and then ends `ok` or `failed`; `detail`
 * is the gate's reason for a refusal or the SQLSTATE of a failure, never a value of the data.
 * The staff member's account deletion keeps the rows without their id (ON DELETE SET NULL: the record of what was read
 * stays); a deleted member named in a text has that text redacted (the debug module's eraser).
 */
export class StaffQueries1765100000500 implements MigrationInterface {
  name = 'StaffQueries1765100000500';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "staff_queries" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid,
        "sql" text NOT NULL,
        "outcome" text NOT NULL,
        "detail" text,
        "row_count" integer,
        "duration_ms" integer,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        "updated_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_staff_queries" PRIMARY KEY ("id"),
        CONSTRAINT "fk_staff_queries_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL,
        CONSTRAINT "chk_staff_queries_outcome" CHECK ("outcome" IN ('running', 'refused', 'failed', 'ok')),
        CONSTRAINT "chk_staff_queries_sql" CHECK (length("sql") <= 20000),
        CONSTRAINT "chk_staff_queries_detail" CHECK (length("detail") <= 1000),
        CONSTRAINT "chk_staff_queries_counts" CHECK ("row_count" >= 0 AND "duration_ms" >= 0)
      )`);
    await queryRunner.query(`CREATE INDEX "idx_staff_queries_user_id" ON "staff_queries" ("user_id", "created_at")`);
    await queryRunner.query(`CREATE INDEX "idx_staff_queries_created_at" ON "staff_queries" ("created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "staff_queries"`);
  }
}
