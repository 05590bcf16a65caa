import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `errors.user_id` references `users` (ON DELETE SET NULL): an entry a job or a request writes while its account is
 * being deleted loses the user id with the account, instead of keeping the id of an account that is gone (the
 * erasure's anonymising UPDATE cannot see a row committed after it). Ids of accounts already gone are cleared first;
 * the index serves the cascade and the erasure.
 */
export class ErrorsUserFk1765100000800 implements MigrationInterface {
  name = 'ErrorsUserFk1765100000800';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `UPDATE "errors" e SET "user_id" = NULL WHERE e."user_id" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "users" u WHERE u."id" = e."user_id")`,
    );
    await queryRunner.query(`CREATE INDEX "idx_errors_user_id" ON "errors" ("user_id") WHERE "user_id" IS NOT NULL`);
    await queryRunner.query(
      `ALTER TABLE "errors" ADD CONSTRAINT "fk_errors_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE SET NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "errors" DROP CONSTRAINT "fk_errors_user"`);
    await queryRunner.query(`DROP INDEX "idx_errors_user_id"`);
  }
}
