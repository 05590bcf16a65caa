import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * `prescriptions` becomes the member's one medication list: pharmacy claim lines, MedicationRequest and
 * MedicationDispense resources, and the member's own manual entries.
 *
 * - `rxcui`: the RxNorm concept the source named, else the one `ndc_drugs` gives for its NDC. An NDC is never
 *   guessed from an RxCUI (one RxCUI has many NDCs): a row coded in RxNorm only keeps `drug_ndc` null.
 * - `quantity` (units dispensed) and `days_supply`: from the fill (claim line or dispense), null when not given.
 * - `source_kind`: what the row was projected from. The default is the table's meaning until now (a pharmacy claim
 *   line), so rows written by hand (factories, older tests) stay claims; every writer in health-data names its kind.
 * - `dosage`, `drug_form`: what the member typed on a manual entry (the lookup form's Dosage and Drug Type); no other
 *   kind has them.
 * - Manual entries are `insurer_key = 'manual'` (source_id `manual/<uuid>`): not an insurer. No insurer link has
 *   that key, so unlinking and the re-sync (both by insurer key) never touch them; they go with the account through
 *   the users foreign key (ON DELETE CASCADE), like every other row here. The checks keep key and kind together.
 * - `projection_version`: the version of the medication-resource projection that made a MedicationRequest or
 *   MedicationDispense row; older rows (0, e.g. the MedicationRequests stored before references were resolved) are
 *   projected again from their raw resources at boot. Claim lines follow their claim's version (`claims`).
 *
 * The kind of the rows already stored is read from their source id (the projections' `Type/id` prefixes); their
 * RxCUI is filled from `ndc_drugs` where it is loaded (otherwise the boot re-projection and the list's own lookup
 * fill it).
 */
export class MedicationList1765000000200 implements MigrationInterface {
  name = 'MedicationList1765000000200';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      ALTER TABLE "prescriptions"
        ADD COLUMN "rxcui" text NULL,
        ADD COLUMN "quantity" numeric(14, 3) NULL,
        ADD COLUMN "days_supply" integer NULL,
        ADD COLUMN "source_kind" text NOT NULL DEFAULT 'claim',
        ADD COLUMN "dosage" text NULL,
        ADD COLUMN "drug_form" text NULL,
        ADD COLUMN "projection_version" smallint NOT NULL DEFAULT 0`);
    await queryRunner.query(`
      UPDATE "prescriptions" SET "source_kind" = CASE
        WHEN "insurer_key" = 'manual' THEN 'manual'
        WHEN starts_with("source_id", 'MedicationRequest/') THEN 'medication_request'
        ELSE 'medication_dispense' END
      WHERE "insurer_key" = 'manual' OR starts_with("source_id", 'MedicationRequest/') OR starts_with("source_id", 'MedicationDispense/')`);
    await queryRunner.query(`
      UPDATE "prescriptions" p SET "rxcui" = d."rxcui"
      FROM "ndc_drugs" d
      WHERE d."ndc11" = p."drug_ndc" AND p."rxcui" IS NULL`);
    await queryRunner.query(`
      ALTER TABLE "prescriptions"
        ADD CONSTRAINT "chk_prescriptions_source_kind"
          CHECK ("source_kind" IN ('claim', 'medication_request', 'medication_dispense', 'manual')),
        ADD CONSTRAINT "chk_prescriptions_manual_key" CHECK (("insurer_key" = 'manual') = ("source_kind" = 'manual')),
        ADD CONSTRAINT "chk_prescriptions_manual_fields" CHECK ("source_kind" = 'manual' OR ("dosage" IS NULL AND "drug_form" IS NULL)),
        ADD CONSTRAINT "chk_prescriptions_rxcui" CHECK ("rxcui" ~ '^[0-9]{1,10}$'),
        ADD CONSTRAINT "chk_prescriptions_quantity" CHECK ("quantity" >= 0),
        ADD CONSTRAINT "chk_prescriptions_days_supply" CHECK ("days_supply" >= 0)`);
    // The boot re-projection of medication resources finds stale rows through this, and none at once when none are.
    await queryRunner.query(
      `CREATE INDEX "idx_prescriptions_medication_projection" ON "prescriptions" ("projection_version") WHERE "source_kind" IN ('medication_request', 'medication_dispense')`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "idx_prescriptions_medication_projection"`);
    // Manual entries have no place in the older table (it knows insurers' rows only).
    await queryRunner.query(`DELETE FROM "prescriptions" WHERE "insurer_key" = 'manual'`);
    await queryRunner.query(`
      ALTER TABLE "prescriptions"
        DROP CONSTRAINT "chk_prescriptions_days_supply",
        DROP CONSTRAINT "chk_prescriptions_quantity",
        DROP CONSTRAINT "chk_prescriptions_rxcui",
        DROP CONSTRAINT "chk_prescriptions_manual_fields",
        DROP CONSTRAINT "chk_prescriptions_manual_key",
        DROP CONSTRAINT "chk_prescriptions_source_kind",
        DROP COLUMN "projection_version",
        DROP COLUMN "drug_form",
        DROP COLUMN "dosage",
        DROP COLUMN "source_kind",
        DROP COLUMN "days_supply",
        DROP COLUMN "quantity",
        DROP COLUMN "rxcui"`);
  }
}
