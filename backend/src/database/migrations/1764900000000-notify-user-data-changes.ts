import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The member's own rows that the cached dashboard reads (and reads to come) are made of. */
const USER_TABLES = ['claims', 'prescriptions', 'coverages', 'conditions', 'patient_info', 'insurer_links'];
/** Tables shared by every member (the drug reference data): any change flushes every cached read. */
const SHARED_TABLES = ['ndc_drugs', 'rxnorm_concepts', 'drug_interactions', 'reference_datasets'];
const EVENTS = [
  { op: 'INSERT', suffix: 'insert', referencing: 'REFERENCING NEW TABLE AS "new_rows"' },
  { op: 'UPDATE', suffix: 'update', referencing: 'REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows"' },
  { op: 'DELETE', suffix: 'delete', referencing: 'REFERENCING OLD TABLE AS "old_rows"' },
];

/**
 * Every committed change to a member's data NOTIFYs `user_data_changed` with the ids of the members it touched
 * (comma-separated, at most 200 a payload, well under the 8000-byte limit), or '*' for everyone (a TRUNCATE, more
 * than 2000 members in one statement, or a change to the shared drug reference tables). API processes LISTEN and
 * drop those members' cached reads. Statement-level triggers with transition tables: one notification per
 * statement, none for an upsert that changed no row; PostgreSQL folds identical payloads of one transaction.
 * (A trigger with transition tables takes one event, hence three per table.)
 */
export class NotifyUserDataChanges1764900000000 implements MigrationInterface {
  name = 'NotifyUserDataChanges1764900000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE FUNCTION "notify_user_data_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        ids text[];
      BEGIN
        IF TG_OP = 'TRUNCATE' THEN
          PERFORM pg_notify('user_data_changed', '*');
          RETURN NULL;
        ELSIF TG_OP = 'INSERT' THEN
          SELECT array_agg(DISTINCT n.user_id::text) INTO ids FROM new_rows n;
        ELSIF TG_OP = 'DELETE' THEN
          SELECT array_agg(DISTINCT o.user_id::text) INTO ids FROM old_rows o;
        ELSE
          SELECT array_agg(u) INTO ids FROM (SELECT n.user_id::text AS u FROM new_rows n UNION SELECT o.user_id::text FROM old_rows o) s;
        END IF;
        IF ids IS NULL THEN
          RETURN NULL;
        END IF;
        IF cardinality(ids) > 2000 THEN
          PERFORM pg_notify('user_data_changed', '*');
          RETURN NULL;
        END IF;
        FOR i IN 0 .. (cardinality(ids) - 1) / 200 LOOP
          PERFORM pg_notify('user_data_changed', array_to_string(ids[i * 200 + 1 : i * 200 + 200], ','));
        END LOOP;
        RETURN NULL;
      END
      $$`);
    await queryRunner.query(`
      CREATE FUNCTION "notify_user_data_flush"() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('user_data_changed', '*');
        RETURN NULL;
      END
      $$`);
    for (const table of USER_TABLES) {
      for (const { op, suffix, referencing } of EVENTS) {
        await queryRunner.query(
          `CREATE TRIGGER "trg_${table}_notify_${suffix}" AFTER ${op} ON "${table}" ${referencing} FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_data_changed"()`,
        );
      }
      await queryRunner.query(
        `CREATE TRIGGER "trg_${table}_notify_truncate" AFTER TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_data_changed"()`,
      );
    }
    for (const table of SHARED_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "trg_${table}_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_data_flush"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of SHARED_TABLES) await queryRunner.query(`DROP TRIGGER "trg_${table}_notify_change" ON "${table}"`);
    for (const table of USER_TABLES) {
      await queryRunner.query(`DROP TRIGGER "trg_${table}_notify_truncate" ON "${table}"`);
      for (const { suffix } of EVENTS) await queryRunner.query(`DROP TRIGGER "trg_${table}_notify_${suffix}" ON "${table}"`);
    }
    await queryRunner.query(`DROP FUNCTION "notify_user_data_flush"()`);
    await queryRunner.query(`DROP FUNCTION "notify_user_data_changed"()`);
  }
}
