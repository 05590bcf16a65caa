import { INTERACTION_LEVELS, type InteractionLevel } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { INTERACTIONS_DATASET } from './reference-data/reference-files';

/** One drug of the member's prescriptions as stored (health-data's `prescriptions`), most recent first. */
export interface MedicationRecord {
  drugNdc: string | null;
  drugName: string | null;
}

/** A known NDC: its RxCUI, RxNorm name and ingredient RxCUIs with their names (same order). */
export interface NdcDrug {
  ndc11: string;
  rxcui: string;
  rxnormName: string | null;
  ingredients: { rxcui: string; name: string }[];
}

/** An interaction between two ingredients, `a` < `b`. */
export interface IngredientInteraction {
  a: string;
  b: string;
  level: InteractionLevel;
}

export interface DrugsAndInteractions {
  drugs: NdcDrug[];
  /** Every listed interaction among the ingredients of `drugs`. */
  interactions: IngredientInteraction[];
  /** YYYY-MM-DD of the interaction lists loaded; null when none are. */
  interactionsAsOf: string | null;
}

// Health-data owns `prescriptions` and exports no reader for it: this reads the two columns the check needs, by
// the user_id that leads its indexes. One row per distinct drug, the most recently prescribed first.
const MEDICATIONS = `
  SELECT p.drug_ndc, p.drug_name
  FROM prescriptions p
  WHERE p.user_id = $1
  GROUP BY p.drug_ndc, p.drug_name
  ORDER BY max(COALESCE(p.date_prescribed, '-infinity'::date)) DESC, p.drug_name, p.drug_ndc`;

// The NDCs' drugs with their RxNorm and ingredient names, and the interactions among all their ingredients, in one
// statement. The ingredients go in as one array, so both lookups are index scans on `= ANY(array)` whatever the
// planner guesses of a CTE's size.
const DRUGS_AND_INTERACTIONS = `
  WITH drugs AS (
    SELECT d.ndc11, d.rxcui, d.ingredient_rxcuis, c.name AS drug_name
    FROM ndc_drugs d
    LEFT JOIN rxnorm_concepts c ON c.rxcui = d.rxcui
    WHERE d.ndc11 = ANY($1::text[])
  ), ingredients AS (
    SELECT COALESCE(array_agg(DISTINCT i.rxcui), '{}') AS rxcuis FROM drugs, unnest(drugs.ingredient_rxcuis) AS i(rxcui)
  )
  SELECT
    (SELECT COALESCE(json_agg(drugs ORDER BY drugs.ndc11), '[]'::json) FROM drugs) AS drugs,
    (SELECT COALESCE(json_object_agg(c.rxcui, c.name), '{}'::json)
       FROM rxnorm_concepts c WHERE c.rxcui = ANY((SELECT rxcuis FROM ingredients)::text[])) AS ingredient_names,
    (SELECT COALESCE(json_agg(json_build_object('a', p.ingredient_a_rxcui, 'b', p.ingredient_b_rxcui, 'level', p.level)
                              ORDER BY p.ingredient_a_rxcui, p.ingredient_b_rxcui), '[]'::json)
       FROM drug_interactions p
       WHERE p.ingredient_a_rxcui = ANY((SELECT rxcuis FROM ingredients)::text[])
         AND p.ingredient_b_rxcui = ANY((SELECT rxcuis FROM ingredients)::text[])) AS interactions,
    (SELECT to_char(r.as_of, 'YYYY-MM-DD') FROM reference_datasets r WHERE r.dataset = $2) AS as_of`;

interface DrugRecord {
  ndc11: string;
  rxcui: string;
  drug_name: string | null;
  ingredient_rxcuis: string[];
}

const levelOf = (level: string): InteractionLevel =>
  (INTERACTION_LEVELS as readonly string[]).includes(level) ? (level as InteractionLevel) : 'unknown';

/** The pricing module's reads: the member's drugs and the drug reference tables. */
@Injectable()
export class PricingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  async medications(userId: string): Promise<MedicationRecord[]> {
    const rows: { drug_ndc: string | null; drug_name: string | null }[] = await this.dataSource.query(MEDICATIONS, [userId]);
    return rows.map((row) => ({ drugNdc: row.drug_ndc, drugName: row.drug_name }));
  }

  /** The drugs of the given 11-digit NDCs (unknown ones are left out) and the interactions among them. */
  async drugsAndInteractions(ndc11s: readonly string[]): Promise<DrugsAndInteractions> {
    const [row]: {
      drugs: DrugRecord[];
      ingredient_names: Record<string, string>;
      interactions: { a: string; b: string; level: string }[];
      as_of: string | null;
    }[] = await this.dataSource.query(DRUGS_AND_INTERACTIONS, [ndc11s, INTERACTIONS_DATASET]);
    return {
      drugs: row!.drugs.map((drug) => ({
        ndc11: drug.ndc11,
        rxcui: drug.rxcui,
        rxnormName: drug.drug_name,
        ingredients: drug.ingredient_rxcuis.map((rxcui) => ({ rxcui, name: row!.ingredient_names[rxcui] ?? rxcui })),
      })),
      interactions: row!.interactions.map((interaction) => ({ a: interaction.a, b: interaction.b, level: levelOf(interaction.level) })),
      interactionsAsOf: row!.as_of,
    };
  }
}
