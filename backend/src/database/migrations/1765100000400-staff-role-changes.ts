import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `staff_role_changes` (auth): who named or un-named a staff member, and when, one row per change made by the
 * operator command (`npm run staff`); a command that changes nothing records nothing. `changed_by` is the operator's
 * own word (`--by`, else their OS user name), never a secret. The rows go with the account (ON DELETE CASCADE).
 */
export class StaffRoleChanges1765100000400 implements MigrationInterface {
  name = 'StaffRoleChanges1765100000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "staff_role_changes" (
        "id" uuid NOT NULL DEFAULT gen_random_uuid(),
        "user_id" uuid NOT NULL,
        "action" text NOT NULL,
        "changed_by" text NOT NULL,
        "created_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_staff_role_changes" PRIMARY KEY ("id"),
        CONSTRAINT "fk_staff_role_changes_user" FOREIGN KEY ("user_id") REFERENCES "users" ("id") ON DELETE CASCADE,
        CONSTRAINT "chk_staff_role_changes_action" CHECK ("action" IN ('grant', 'revoke')),
        CONSTRAINT "chk_staff_role_changes_changed_by" CHECK (length(btrim("changed_by")) BETWEEN 1 AND 200)
      )`);
    await queryRunner.query(`CREATE INDEX "idx_staff_role_changes_user_id" ON "staff_role_changes" ("user_id", "created_at")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "staff_role_changes"`);
  }
}
