import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every end of a session NOTIFYs `session_ended` with its id, whichever path ends it (sign-out, password change
 * or reset, e-mail change, account deletion through the foreign key, a staff member's UPDATE, a TRUNCATE: '*').
 * API processes LISTEN and drop the session from their in-process cache. The notification is sent at commit, and
 * never for the sliding `last_seen_at` moving forward (a read keeps reads cheap). An earlier `last_seen_at` or
 * `expires_at` counts as an end: the session may now be idle or expired.
 */
export class NotifySessionEnds1764700000000 implements MigrationInterface {
  name = 'NotifySessionEnds1764700000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION "notify_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_LEVEL = 'STATEMENT' THEN
          PERFORM pg_notify('session_ended', '*');
        ELSE
          PERFORM pg_notify('session_ended', OLD.id::text);
        END IF;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE TRIGGER "trg_sessions_notify_update" AFTER UPDATE ON "sessions" FOR EACH ROW
      WHEN (
        NEW.revoked_at IS DISTINCT FROM OLD.revoked_at OR NEW.expires_at < OLD.expires_at
        OR NEW.last_seen_at < OLD.last_seen_at OR NEW.user_id <> OLD.user_id OR NEW.id <> OLD.id
      )
      EXECUTE FUNCTION "notify_session_ended"()`);
    await queryRunner.query(
      `CREATE TRIGGER "trg_sessions_notify_delete" AFTER DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "notify_session_ended"()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trg_sessions_notify_truncate" AFTER TRUNCATE ON "sessions" FOR EACH STATEMENT EXECUTE FUNCTION "notify_session_ended"()`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trg_sessions_notify_truncate" ON "sessions"`);
    await queryRunner.query(`DROP TRIGGER "trg_sessions_notify_delete" ON "sessions"`);
    await queryRunner.query(`DROP TRIGGER "trg_sessions_notify_update" ON "sessions"`);
    await queryRunner.query(`DROP FUNCTION "notify_session_ended"()`);
  }
}
