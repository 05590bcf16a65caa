import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Shared tables that member answers are priced or described from but 1764900000000 (landed before them or
 * overlooking them) does not watch: NADAC prices (`npm run data:import -- nadac FILE`, the boot loader, or an
 * operator's SQL) and the RxNorm/NDC product tables the medication list reads. Any change is everyone's change.
 */
const PRICED_TABLES = ['nadac_prices', 'rxnorm_drugs', 'ndc_products', 'ndc_packages'];

/**
 * A statement-level trigger on each: every committed INSERT, UPDATE, DELETE or TRUNCATE NOTIFYs `user_data_changed`
 * with '*' (1764900000000's `notify_user_data_flush`), which every API process's UserDataChangesListener answers by
 * emptying its read cache, so no member keeps a cached `/api/userDrugs` answer priced at last week's rate. One
 * notification per statement; PostgreSQL folds the identical payloads of one import transaction into one.
 */
export class NotifyPriceChanges1765000000400 implements MigrationInterface {
  name = 'NotifyPriceChanges1765000000400';

  async up(queryRunner: QueryRunner): Promise<void> {
    for (const table of PRICED_TABLES) {
      await queryRunner.query(
        `CREATE TRIGGER "trg_${table}_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "${table}" FOR EACH STATEMENT EXECUTE FUNCTION "notify_user_data_flush"()`,
      );
    }
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of PRICED_TABLES) await queryRunner.query(`DROP TRIGGER "trg_${table}_notify_change" ON "${table}"`);
  }
}
