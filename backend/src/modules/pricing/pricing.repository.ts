import { INTERACTION_LEVELS, type InteractionLevel } from '@healthlink/contracts';
import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { INTERACTIONS_DATASET } from './reference-data/reference-files';

/** An interaction between two ingredients, `a` < `b`. */
export interface IngredientInteraction {
  a: string;
  b: string;
  level: InteractionLevel;
}

/** The interactions among a set of ingredients, and the date of the lists (null when none are loaded). */
export interface IngredientInteractions {
  interactions: IngredientInteraction[];
  interactionsAsOf: string | null;
}

// The quantity and RxCUI of the page's fills (health-data's columns; a fill without a quantity is priced at 30 units).
const FILLS = `
  SELECT p.id, p.quantity::text AS quantity, p.rxcui
  FROM prescriptions p
  WHERE p.user_id = $1 AND p.id = ANY($2::uuid[])`;

/** A stored fill's quantity (units of its NDC's billing unit) and RxCUI, where the source gave them. */
export interface FillRecord {
  quantity: number | null;
  rxcui: string | null;
}

// The interactions among a set of ingredients (the member's medication list's), and the date of the lists.
const INTERACTIONS_AMONG = `
  SELECT
    (SELECT COALESCE(json_agg(json_build_object('a', p.ingredient_a_rxcui, 'b', p.ingredient_b_rxcui, 'level', p.level)
                              ORDER BY p.ingredient_a_rxcui, p.ingredient_b_rxcui), '[]'::json)
       FROM drug_interactions p
       WHERE p.ingredient_a_rxcui = ANY($1::text[]) AND p.ingredient_b_rxcui = ANY($1::text[])) AS interactions,
    (SELECT to_char(r.as_of, 'YYYY-MM-DD') FROM reference_datasets r WHERE r.dataset = $2) AS as_of`;

// Both lists whole (~3,000 pairs), for the in-memory copy (InteractionListsService).
const ALL_INTERACTIONS = `
  SELECT
    (SELECT COALESCE(json_agg(json_build_object('a', p.ingredient_a_rxcui, 'b', p.ingredient_b_rxcui, 'level', p.level)
                              ORDER BY p.ingredient_a_rxcui, p.ingredient_b_rxcui), '[]'::json)
       FROM drug_interactions p) AS interactions,
    (SELECT to_char(r.as_of, 'YYYY-MM-DD') FROM reference_datasets r WHERE r.dataset = $1) AS as_of`;

const levelOf = (level: string): InteractionLevel =>
  (INTERACTION_LEVELS as readonly string[]).includes(level) ? (level as InteractionLevel) : 'unknown';

/** The pricing module's reads of the member's fills and of the interaction lists. */
@Injectable()
export class PricingRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The quantity and RxCUI of the user's prescriptions of these ids, by id. */
  async fills(userId: string, ids: readonly string[]): Promise<Map<string, FillRecord>> {
    const rows: { id: string; quantity: string | null; rxcui: string | null }[] = await this.dataSource.query(FILLS, [userId, ids]);
    return new Map(rows.map((row) => [row.id, { quantity: row.quantity === null ? null : Number(row.quantity), rxcui: row.rxcui }]));
  }

  /** Every listed interaction among these ingredient RxCUIs, and the date of the lists (null when none are loaded). */
  interactionsAmong(ingredientRxcuis: readonly string[]): Promise<IngredientInteractions> {
    return this.interactions(INTERACTIONS_AMONG, [ingredientRxcuis, INTERACTIONS_DATASET]);
  }

  /** Every listed interaction, ordered by `a` then `b`, and the date of the lists (null when none are loaded). */
  allInteractions(): Promise<IngredientInteractions> {
    return this.interactions(ALL_INTERACTIONS, [INTERACTIONS_DATASET]);
  }

  private async interactions(sql: string, parameters: unknown[]): Promise<IngredientInteractions> {
    const [row]: { interactions: { a: string; b: string; level: string }[]; as_of: string | null }[] = await this.dataSource.query(
      sql,
      parameters,
    );
    return {
      interactions: row!.interactions.map((interaction) => ({ a: interaction.a, b: interaction.b, level: levelOf(interaction.level) })),
      interactionsAsOf: row!.as_of,
    };
  }
}
