import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The drug reference tables (pricing module): the FDA NDC directory's packages and products, every known NDC with
 * its RxCUI and ingredients, RxNorm concepts and drugs, and the ONC interaction lists by ingredient RxCUI.
 *
 * Only the schema is made here. The rows come from the repo's compressed copies in backend/data/reference, loaded
 * by the pricing module at boot (ReferenceDataService) and recorded in `reference_datasets`, so a database loads
 * the files once and again only when one changes; a migration never depends on application code or data files.
 *
 * Reference rows are keyed by their source's own ids (NDC, RxCUI) rather than UUIDs: they are replaced wholesale,
 * never referenced by user rows, and every lookup is by those ids.
 */
export class CreateDrugReferenceTables1764800000000 implements MigrationInterface {
  name = 'CreateDrugReferenceTables1764800000000';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);

    await queryRunner.query(`
      CREATE TABLE "reference_datasets" (
        "dataset" text NOT NULL,
        "file_name" text NOT NULL,
        "as_of" date NOT NULL,
        "sha256" text NOT NULL,
        "row_count" integer NOT NULL,
        "loaded_at" timestamptz NOT NULL DEFAULT now(),
        CONSTRAINT "pk_reference_datasets" PRIMARY KEY ("dataset")
      )`);

    await queryRunner.query(`
      CREATE TABLE "ndc_packages" (
        "ndc11" text NOT NULL,
        "package_ndc" text NOT NULL,
        "product_ndc" text NOT NULL,
        "rxcui" text NULL,
        CONSTRAINT "pk_ndc_packages" PRIMARY KEY ("ndc11")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_ndc_packages_product" ON "ndc_packages" ("product_ndc")`);

    await queryRunner.query(`
      CREATE TABLE "rxnorm_concepts" (
        "rxcui" text NOT NULL,
        "tty" text NOT NULL,
        "name" text NOT NULL,
        "release" date NOT NULL,
        CONSTRAINT "pk_rxnorm_concepts" PRIMARY KEY ("rxcui")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_rxnorm_concepts_name_trgm" ON "rxnorm_concepts" USING gin ("name" gin_trgm_ops)`);

    await queryRunner.query(`
      CREATE TABLE "rxnorm_drugs" (
        "rxcui" text NOT NULL,
        "generic_rxcui" text NULL,
        "brand_name" text NULL,
        "strength" text NULL,
        "dose_form" text NULL,
        "ingredient_rxcuis" text[] NULL,
        CONSTRAINT "pk_rxnorm_drugs" PRIMARY KEY ("rxcui")
      )`);

    // One row per unordered ingredient pair (a < b), so a set of ingredients finds its pairs by index on both.
    await queryRunner.query(`
      CREATE TABLE "drug_interactions" (
        "ingredient_a_rxcui" text NOT NULL,
        "ingredient_b_rxcui" text NOT NULL,
        "level" text NOT NULL,
        "ingredient_a_name" text NOT NULL,
        "ingredient_b_name" text NOT NULL,
        CONSTRAINT "pk_drug_interactions" PRIMARY KEY ("ingredient_a_rxcui", "ingredient_b_rxcui"),
        CONSTRAINT "chk_drug_interactions_order" CHECK ("ingredient_a_rxcui" < "ingredient_b_rxcui"),
        CONSTRAINT "chk_drug_interactions_level" CHECK ("level" IN ('major', 'moderate', 'minor', 'unknown'))
      )`);

    // Derived: every known NDC with its RxCUI and ingredient RxCUIs (the interaction check's one lookup; names are in
    // rxnorm_concepts, which also holds the 2020 ingredients RxNorm 2025 lacks).
    await queryRunner.query(`
      CREATE TABLE "ndc_drugs" (
        "ndc11" text NOT NULL,
        "rxcui" text NOT NULL,
        "rxcui_release" date NOT NULL,
        "ingredient_rxcuis" text[] NOT NULL,
        CONSTRAINT "pk_ndc_drugs" PRIMARY KEY ("ndc11")
      )`);

    // Derived: one row per FDA product NDC (labeler-product), named from RxNorm.
    await queryRunner.query(`
      CREATE TABLE "ndc_products" (
        "product_ndc" text NOT NULL,
        "labeler_code" text NOT NULL,
        "rxcui" text NULL,
        "drug_name" text NULL,
        "brand_name" text NULL,
        "ingredient_names" text NULL,
        "strength" text NULL,
        "dose_form" text NULL,
        "package_count" integer NOT NULL,
        CONSTRAINT "pk_ndc_products" PRIMARY KEY ("product_ndc")
      )`);
    await queryRunner.query(`CREATE INDEX "idx_ndc_products_rxcui" ON "ndc_products" ("rxcui")`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    for (const table of [
      'ndc_products',
      'ndc_drugs',
      'drug_interactions',
      'rxnorm_drugs',
      'rxnorm_concepts',
      'ndc_packages',
      'reference_datasets',
    ]) {
      await queryRunner.query(`DROP TABLE "${table}"`);
    }
    await queryRunner.query(`DROP EXTENSION IF EXISTS pg_trgm`);
  }
}
