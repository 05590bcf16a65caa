import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { SHORT_NAME, type NadacNameRow, type RxnormNameRow } from './drug-name-index';
import type { NadacCandidate, RxnormCandidate } from './search-candidates';
import type { NadacRate } from './fill-price';
import { REFERENCE_FILES } from '../reference-data/reference-files';
import { NADAC_HISTORY, NADAC_WEEKLY } from './nadac-files';

// The datasets the drug tables are loaded from (reference_datasets.dataset), the plan catalogue's excluded.
const DRUG_DATASETS = [...Object.values(REFERENCE_FILES).map((file) => file.dataset), NADAC_WEEKLY.dataset, NADAC_HISTORY.dataset];

/** A drug to price: its NDC (11 digits) and/or RxCUI. */
export interface PriceKey {
  ndc11: string | null;
  rxcui: string | null;
}

/** What the reference tables know for pricing one key: the drug, and the rates of its brand and generic NDCs. */
export interface PriceFacts {
  ndc11: string | null;
  rxcui: string | null;
  /** RxNorm's term type of the RxCUI (SCD, SBD, ...), null when RxNorm 2025 lacks it. */
  tty: string | null;
  doseForm: string | null;
  rxnormName: string | null;
  brand: NadacRate[];
  generic: NadacRate[];
}

export interface KnownNdc {
  ndc11: string;
  rxcui: string | null;
  name: string | null;
}

// A NADAC description without its name: "LIPITOR 10 MG TABLET" and "ATORVASTATIN 10 MG TABLET" both "10 MG TABLET".
const STRENGTH_AND_FORM = (column: string): string => `regexp_replace(${column}, '^[^0-9]*', '')`;

// Per key, the NDCs of its brand and generic forms, then every rate (weekly and history) of those NDCs, in one
// statement for the whole list (a page of the Rx history is one round trip).
// - RxNorm links the drug (an SCD, or an SBD with its SCD): the generic is every NDC of the SCD, the brand every
//   NDC of the SBDs of that SCD.
// - It does not (RxNorm 2025 here lacks the "A" ingredients, and some RxCUIs are retired): the NDCs of the same
//   RxCUI by NADAC's class, and the counterpart CMS names: a brand's "Corresponding Generic Drug NADAC Per Unit"
//   is the rate of generics of the same unit and ingredients (or, where the NDCs are too new for the 2020
//   directory, the same strength and form in the description), and a generic's brands are those naming its rate;
//   and the NDCs of the same NADAC description (CMS sets one rate per description).
const PRICE_FACTS = `
  WITH input AS (
    SELECT i.n AS key, i.ndc11, COALESCE(d.rxcui, i.rxcui) AS rxcui, d.ingredient_rxcuis
    FROM unnest($1::text[], $2::text[]) WITH ORDINALITY AS i(ndc11, rxcui, n)
    LEFT JOIN ndc_drugs d ON d.ndc11 = i.ndc11
  ), own AS (
    SELECT i.*, c.tty, c.name AS rxnorm_name, rd.dose_form,
      w.classification AS own_class, w.per_unit AS own_per_unit, w.pricing_unit AS own_unit, w.description AS own_description,
      ${STRENGTH_AND_FORM('w.description')} AS own_strength_form, w.corresponding_generic_per_unit AS own_generic_per_unit,
      CASE WHEN c.tty IN ('SCD', 'GPCK') THEN i.rxcui WHEN c.tty IN ('SBD', 'BPCK') THEN rd.generic_rxcui END AS scd
    FROM input i
    LEFT JOIN rxnorm_concepts c ON c.rxcui = i.rxcui
    LEFT JOIN rxnorm_drugs rd ON rd.rxcui = i.rxcui
    LEFT JOIN nadac_prices w ON w.ndc11 = i.ndc11 AND w.source = 'nadac-weekly'
  ), members AS (
    SELECT o.key, 'generic' AS grp, d.ndc11 FROM own o JOIN ndc_drugs d ON d.rxcui = o.scd
    UNION
    SELECT o.key, 'brand', d.ndc11
    FROM own o JOIN rxnorm_drugs b ON b.generic_rxcui = o.scd JOIN ndc_drugs d ON d.rxcui = b.rxcui
    UNION
    SELECT o.key, w.classification, d.ndc11
    FROM own o JOIN ndc_drugs d ON d.rxcui = o.rxcui
    JOIN nadac_prices w ON w.ndc11 = d.ndc11 AND w.source = 'nadac-weekly' AND w.classification IS NOT NULL
    WHERE o.scd IS NULL
    UNION
    SELECT o.key, w.classification, w.ndc11
    FROM own o JOIN nadac_prices w ON w.description = o.own_description AND w.source = 'nadac-weekly' AND w.classification IS NOT NULL
    WHERE o.scd IS NULL
    UNION
    SELECT o.key, 'generic', g.ndc11
    FROM own o
    JOIN nadac_prices g ON g.per_unit = o.own_generic_per_unit AND g.pricing_unit = o.own_unit
      AND g.source = 'nadac-weekly' AND g.classification = 'generic'
    LEFT JOIN ndc_drugs gd ON gd.ndc11 = g.ndc11
    WHERE o.scd IS NULL AND o.own_class = 'brand'
      AND (gd.ingredient_rxcuis = o.ingredient_rxcuis OR ${STRENGTH_AND_FORM('g.description')} = o.own_strength_form)
    UNION
    SELECT o.key, 'brand', b.ndc11
    FROM own o
    JOIN nadac_prices b ON b.corresponding_generic_per_unit = o.own_per_unit AND b.pricing_unit = o.own_unit
      AND b.source = 'nadac-weekly' AND b.classification = 'brand'
    LEFT JOIN ndc_drugs bd ON bd.ndc11 = b.ndc11
    WHERE o.scd IS NULL AND o.own_class = 'generic'
      AND (bd.ingredient_rxcuis = o.ingredient_rxcuis OR ${STRENGTH_AND_FORM('b.description')} = o.own_strength_form)
  )
  SELECT o.key, o.ndc11, o.rxcui, o.tty, o.dose_form, o.rxnorm_name,
    COALESCE((
      SELECT json_agg(json_build_object(
        'grp', m.grp, 'ndc11', p.ndc11, 'source', p.source, 'perUnit', p.per_unit::text, 'pricingUnit', p.pricing_unit,
        'effectiveDate', to_char(p.effective_date, 'YYYY-MM-DD'), 'classification', p.classification,
        'description', p.description, 'asOf', to_char(p.as_of, 'YYYY-MM-DD'), 'rxnormName', c.name)
        ORDER BY p.ndc11, p.source DESC)
      FROM members m
      JOIN nadac_prices p ON p.ndc11 = m.ndc11
      LEFT JOIN ndc_drugs d ON d.ndc11 = p.ndc11
      LEFT JOIN rxnorm_concepts c ON c.rxcui = d.rxcui
      WHERE m.key = o.key
    ), '[]'::json) AS rates
  FROM own o
  ORDER BY o.key`;

// Name search over the full tables, by trigram word similarity through the trigram indexes (a name too short for
// trigrams, by prefix):
// - the weekly NADAC descriptions ("LIPITOR 10 MG TABLET"), one row per description with its cheapest NDC, plus
//   the brands whose corresponding generic rate is that of a generic found (Lipitor for "atorvastatin");
// - RxNorm's clinical and branded drug names (SCD, SBD), for drugs the NADAC file does not name.
// The hits are materialised first, so each table is probed once through its index. Orders are total (a row found
// both by its name and as a brand of a generic found keeps the direct find), so DrugNameIndex can give the same list.
const SEARCH = `
  WITH direct AS MATERIALIZED (
    SELECT p.ndc11, p.description, p.classification, p.per_unit, p.pricing_unit, p.corresponding_generic_per_unit,
      word_similarity($1, p.description) AS score, NULL::text AS via_name
    FROM nadac_prices p
    WHERE ((NOT $4 AND $1 <% p.description) OR ($4 AND p.description ILIKE $2)) AND p.source = 'nadac-weekly'
  ), hits AS (
    SELECT * FROM direct
    UNION ALL
    SELECT b.ndc11, b.description, b.classification, b.per_unit, b.pricing_unit, b.corresponding_generic_per_unit, h.score, h.description
    FROM direct h
    JOIN nadac_prices b ON b.corresponding_generic_per_unit = h.per_unit AND b.pricing_unit = h.pricing_unit
      AND b.source = 'nadac-weekly' AND b.classification = 'brand'
      AND ${STRENGTH_AND_FORM('b.description')} = ${STRENGTH_AND_FORM('h.description')}
    WHERE h.classification = 'generic'
  ), best AS (
    SELECT DISTINCT ON (h.description) h.*
    FROM hits h
    ORDER BY h.description, h.score DESC, (h.per_unit > 0) DESC, h.per_unit, h.ndc11, h.via_name NULLS FIRST
  ), nadac AS (
    SELECT b.*, d.rxcui, d.ingredient_rxcuis
    FROM (SELECT * FROM best ORDER BY (description ILIKE $2 OR COALESCE(via_name ILIKE $2, false)) DESC, score DESC, description LIMIT $3) b
    LEFT JOIN ndc_drugs d ON d.ndc11 = b.ndc11
  ), concepts AS MATERIALIZED (
    SELECT c.rxcui, c.name, c.tty, word_similarity($1, c.name) AS score
    FROM rxnorm_concepts c
    WHERE (NOT $4 AND $1 <% c.name) OR ($4 AND c.name ILIKE $2)
  ), rxnorm AS (
    SELECT c.rxcui, c.name, c.tty, rd.brand_name, rd.strength, rd.dose_form, rd.ingredient_rxcuis, c.score
    FROM concepts c
    LEFT JOIN rxnorm_drugs rd ON rd.rxcui = c.rxcui
    WHERE c.tty IN ('SCD', 'SBD')
    ORDER BY (c.name ILIKE $2) DESC, c.score DESC, c.name
    LIMIT $3 / 2
  )
  SELECT
    (SELECT COALESCE(json_agg(json_build_object(
      'description', n.description, 'ndc11', n.ndc11, 'classification', n.classification, 'rxcui', n.rxcui,
      'brandName', (SELECT rd.brand_name FROM rxnorm_drugs rd WHERE rd.rxcui = n.rxcui),
      'ingredientNames', (SELECT string_agg(c.name, ' / ' ORDER BY c.name) FROM rxnorm_concepts c WHERE c.rxcui = ANY(n.ingredient_rxcuis)),
      'genericDescription', CASE WHEN n.classification = 'brand' THEN (
        SELECT min(g.description) FROM nadac_prices g
        WHERE g.per_unit = n.corresponding_generic_per_unit AND g.pricing_unit = n.pricing_unit AND g.source = 'nadac-weekly'
          AND g.classification = 'generic' AND ${STRENGTH_AND_FORM('g.description')} = ${STRENGTH_AND_FORM('n.description')}) END,
      'score', n.score, 'viaName', n.via_name)), '[]'::json)
     FROM nadac n) AS nadac,
    (SELECT COALESCE(json_agg(json_build_object(
      'rxcui', r.rxcui, 'name', r.name, 'tty', r.tty, 'brandName', r.brand_name, 'strength', r.strength, 'doseForm', r.dose_form,
      'ingredientNames', (SELECT string_agg(c.name, ' / ' ORDER BY c.name) FROM rxnorm_concepts c WHERE c.rxcui = ANY(r.ingredient_rxcuis)),
      'ndc11', (SELECT d.ndc11 FROM ndc_drugs d LEFT JOIN nadac_prices p ON p.ndc11 = d.ndc11 AND p.source = 'nadac-weekly'
                WHERE d.rxcui = r.rxcui ORDER BY p.per_unit IS NULL, p.per_unit, d.ndc11 LIMIT 1),
      'score', r.score)), '[]'::json)
     FROM rxnorm r) AS rxnorm`;

// The candidates of an NDC that the reference tables know (any of them), with RxNorm's name or else NADAC's
// description or else the FDA product's RxNorm name.
const KNOWN_NDCS = `
  SELECT i.ndc11, d.rxcui,
    COALESCE(c.name, w.description, pr.drug_name,
      (SELECT string_agg(ic.name, ' / ' ORDER BY ic.name) FROM rxnorm_concepts ic WHERE ic.rxcui = ANY(d.ingredient_rxcuis))) AS name
  FROM unnest($1::text[]) AS i(ndc11)
  LEFT JOIN ndc_drugs d ON d.ndc11 = i.ndc11
  LEFT JOIN rxnorm_concepts c ON c.rxcui = d.rxcui
  LEFT JOIN LATERAL (SELECT p.description FROM nadac_prices p WHERE p.ndc11 = i.ndc11 ORDER BY p.source DESC LIMIT 1) w ON true
  LEFT JOIN ndc_packages pk ON pk.ndc11 = i.ndc11
  LEFT JOIN ndc_products pr ON pr.product_ndc = pk.product_ndc
  WHERE d.ndc11 IS NOT NULL OR pk.ndc11 IS NOT NULL OR EXISTS (SELECT 1 FROM nadac_prices p WHERE p.ndc11 = i.ndc11)
  ORDER BY i.ndc11`;

// The rows DrugNameIndex searches in memory (the same candidates as SEARCH), each table read once, in the
// database's order of the names (so the index orders ties as ORDER BY description / name does). The per-row joins
// SEARCH makes after its LIMIT are made here for every row.
const NAME_INDEX_NADAC = `
  SELECT p.ndc11, p.description, p.classification, trim_scale(p.per_unit)::text AS per_unit, p.pricing_unit,
    trim_scale(p.corresponding_generic_per_unit)::text AS corresponding_generic_per_unit,
    ${STRENGTH_AND_FORM('p.description')} AS strength_form, d.rxcui, rd.brand_name,
    (SELECT string_agg(c.name, ' / ' ORDER BY c.name) FROM rxnorm_concepts c WHERE c.rxcui = ANY(d.ingredient_rxcuis)) AS ingredient_names
  FROM nadac_prices p
  LEFT JOIN ndc_drugs d ON d.ndc11 = p.ndc11
  LEFT JOIN rxnorm_drugs rd ON rd.rxcui = d.rxcui
  WHERE p.source = 'nadac-weekly' AND p.description IS NOT NULL
  ORDER BY p.description, p.ndc11`;

const NAME_INDEX_RXNORM = `
  SELECT c.rxcui, c.name, c.tty, rd.brand_name, rd.strength, rd.dose_form,
    (SELECT string_agg(ic.name, ' / ' ORDER BY ic.name) FROM rxnorm_concepts ic WHERE ic.rxcui = ANY(rd.ingredient_rxcuis)) AS ingredient_names,
    (SELECT d.ndc11 FROM ndc_drugs d LEFT JOIN nadac_prices p ON p.ndc11 = d.ndc11 AND p.source = 'nadac-weekly'
     WHERE d.rxcui = c.rxcui ORDER BY p.per_unit IS NULL, p.per_unit, d.ndc11 LIMIT 1) AS ndc11
  FROM rxnorm_concepts c
  LEFT JOIN rxnorm_drugs rd ON rd.rxcui = c.rxcui
  WHERE c.tty IN ('SCD', 'SBD')
  ORDER BY c.name, c.rxcui`;

interface RateRecord extends NadacRate {
  grp: 'brand' | 'generic';
}

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (ch) => `\\${ch}`);

/** The price and name reads over nadac_prices and the drug reference tables. */
@Injectable()
export class PricesRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** The facts of every key, in the keys' order. */
  async priceFacts(keys: readonly PriceKey[]): Promise<PriceFacts[]> {
    if (!keys.length) return [];
    const rows: {
      ndc11: string | null;
      rxcui: string | null;
      tty: string | null;
      dose_form: string | null;
      rxnorm_name: string | null;
      rates: RateRecord[];
    }[] = await this.dataSource.query(PRICE_FACTS, [keys.map((key) => key.ndc11), keys.map((key) => key.rxcui)]);
    return rows.map((row) => {
      const rates = row.rates.map(({ grp, ...rate }) => ({ grp, rate: rate as NadacRate }));
      return {
        ndc11: row.ndc11,
        rxcui: row.rxcui,
        tty: row.tty,
        doseForm: row.dose_form,
        rxnormName: row.rxnorm_name,
        brand: rates.filter((rate) => rate.grp === 'brand').map((rate) => rate.rate),
        generic: rates.filter((rate) => rate.grp === 'generic').map((rate) => rate.rate),
      };
    });
  }

  /** Search candidates for a drug name: at most `limit` NADAC names and half as many RxNorm ones, best first. */
  async searchCandidates(name: string, limit: number): Promise<{ nadac: NadacCandidate[]; rxnorm: RxnormCandidate[] }> {
    // PostgreSQL prices a trigram GIN scan above a sequential scan of these small tables, while the similarity test
    // it then runs on every row costs far more than it assumes (a sequential scan: 150-300 ms a search, the index:
    // 2 ms). Sequential scans are off for this one statement's transaction, except for a short name (a prefix
    // match, which has no trigrams for the index and is cheap to test row by row).
    const short = name.length < SHORT_NAME;
    const [row]: { nadac: NadacCandidate[]; rxnorm: RxnormCandidate[] }[] = await this.dataSource.transaction(async (manager) => {
      if (!short) await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query(SEARCH, [name, `${likeEscape(name)}%`, limit, short]);
    });
    return row!;
  }

  /**
   * The drug tables' version: each drug dataset's file hash and load time (`reference_datasets`, written in the
   * transaction of each import; the plan catalogue's rows are not the index's). Equal versions mean equal tables, so
   * a change notice that changed none of them rebuilds nothing.
   */
  async referenceVersion(): Promise<string> {
    const [row]: { version: string | null }[] = await this.dataSource.query(
      `SELECT string_agg(dataset || ':' || sha256 || ':' || (extract(epoch FROM loaded_at) * 1000000)::bigint, ',' ORDER BY dataset) AS version
       FROM reference_datasets WHERE dataset = ANY($1::text[])`,
      [DRUG_DATASETS],
    );
    return row?.version ?? '';
  }

  /** Every weekly NADAC row with a description, for DrugNameIndex, in the database's description order. */
  async nameIndexNadacRows(): Promise<NadacNameRow[]> {
    const rows: {
      ndc11: string;
      description: string;
      classification: 'brand' | 'generic' | null;
      per_unit: string;
      pricing_unit: string | null;
      corresponding_generic_per_unit: string | null;
      strength_form: string;
      rxcui: string | null;
      brand_name: string | null;
      ingredient_names: string | null;
    }[] = await this.dataSource.query(NAME_INDEX_NADAC);
    return rows.map((row) => ({
      ndc11: row.ndc11,
      description: row.description,
      classification: row.classification,
      perUnit: row.per_unit,
      pricingUnit: row.pricing_unit,
      correspondingGenericPerUnit: row.corresponding_generic_per_unit,
      strengthForm: row.strength_form,
      rxcui: row.rxcui,
      brandName: row.brand_name,
      ingredientNames: row.ingredient_names,
    }));
  }

  /** Every RxNorm SCD and SBD, for DrugNameIndex, in the database's name order. */
  async nameIndexRxnormRows(): Promise<RxnormNameRow[]> {
    const rows: {
      rxcui: string;
      name: string;
      tty: string;
      brand_name: string | null;
      strength: string | null;
      dose_form: string | null;
      ingredient_names: string | null;
      ndc11: string | null;
    }[] = await this.dataSource.query(NAME_INDEX_RXNORM);
    return rows.map((row) => ({
      rxcui: row.rxcui,
      name: row.name,
      tty: row.tty,
      brandName: row.brand_name,
      strength: row.strength,
      doseForm: row.dose_form,
      ingredientNames: row.ingredient_names,
      ndc11: row.ndc11,
    }));
  }

  /** Those of the 11-digit NDCs that some reference table knows, with a name for each. */
  async knownNdcs(ndc11s: readonly string[]): Promise<KnownNdc[]> {
    const rows: { ndc11: string; rxcui: string | null; name: string | null }[] = await this.dataSource.query(KNOWN_NDCS, [ndc11s]);
    return rows.map((row) => ({ ndc11: row.ndc11, rxcui: row.rxcui, name: row.name }));
  }
}
