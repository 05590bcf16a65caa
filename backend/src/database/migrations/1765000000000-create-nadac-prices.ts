import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * NADAC prices (pricing module): CMS's National Average Drug Acquisition Cost per NDC and pricing unit, from the
 * weekly file (`source` 'nadac-weekly', replaced by the boot loader or `npm run data:import -- nadac FILE`) and the
 * last 2022 rate of NDCs the weekly file lacks (`source` 'nadac-history', no unit, name or class).
 *
 * No CHECK on the price: a row the readers find negative, zero, NaN or absurd is logged as DRUG_PRICE_INVALID and
 * shown as N/A (the loaders refuse such rows; the readers do not trust that alone).
 *
 * Also the indexes the price and name reads need on the reference tables of 1764800000000: NDCs by ingredient,
 * NDCs by RxCUI, branded drugs by their generic.
 */
export class CreateNadacPrices1765000000000 implements MigrationInterface {
  name = 'CreateNadacPrices1765000000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "nadac_prices" (
        "ndc11" text NOT NULL,
        "source" text NOT NULL,
        "per_unit" numeric NOT NULL,
        "pricing_unit" text NULL,
        "effective_date" date NOT NULL,
        "classification" text NULL,
        "otc" boolean NULL,
        "description" text NULL,
        "corresponding_generic_per_unit" numeric NULL,
        "corresponding_generic_effective_date" date NULL,
        "as_of" date NOT NULL,
        CONSTRAINT "pk_nadac_prices" PRIMARY KEY ("ndc11", "source"),
        CONSTRAINT "chk_nadac_prices_source" CHECK ("source" IN ('nadac-weekly', 'nadac-history'))
      )`);
    // Name search over the weekly file's descriptions ("LIPITOR 10 MG TABLET").
    await queryRunner.query(`CREATE INDEX "idx_nadac_prices_description_trgm" ON "nadac_prices" USING gin ("description" gin_trgm_ops)`);
    // The NDCs of one description (CMS sets one rate per description).
    await queryRunner.query(`CREATE INDEX "idx_nadac_prices_description" ON "nadac_prices" ("description")`);
    // A brand's generic counterpart by the rate CMS names for it, and back (drugs RxNorm does not link).
    await queryRunner.query(`CREATE INDEX "idx_nadac_prices_per_unit" ON "nadac_prices" ("per_unit", "pricing_unit")`);
    await queryRunner.query(
      `CREATE INDEX "idx_nadac_prices_corresponding_generic" ON "nadac_prices" ("corresponding_generic_per_unit", "pricing_unit")
       WHERE "corresponding_generic_per_unit" IS NOT NULL`,
    );
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "idx_ndc_drugs_rxcui" ON "ndc_drugs" ("rxcui")`);
    await queryRunner.query(`CREATE INDEX "idx_ndc_drugs_ingredients" ON "ndc_drugs" USING gin ("ingredient_rxcuis")`);
    await queryRunner.query(
      `CREATE INDEX "idx_rxnorm_drugs_generic" ON "rxnorm_drugs" ("generic_rxcui") WHERE "generic_rxcui" IS NOT NULL`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_rxnorm_drugs_generic"`);
    await queryRunner.query(`DROP INDEX "idx_ndc_drugs_ingredients"`);
    await queryRunner.query(`DROP INDEX IF EXISTS "idx_ndc_drugs_rxcui"`);
    await queryRunner.query(`DROP TABLE "nadac_prices"`); // and its own indexes
    await queryRunner.query(`DELETE FROM "reference_datasets" WHERE "dataset" IN ('nadac_weekly', 'nadac_history')`);
  }
}
