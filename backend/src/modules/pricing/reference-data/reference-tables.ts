import type { InteractionLevel } from '@healthlink/contracts';
import { INTERACTION_LEVELS } from '@healthlink/contracts';
import type { CopyValue } from '../../../common/pg-copy';
import { REFERENCE_FILES, type ReferenceSources } from './reference-files';

export type Cell = CopyValue;

/** The rows of one reference table, in its columns' order. */
export interface ReferenceTable {
  table: string;
  columns: readonly string[];
  rows: Cell[][];
}

const byText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The most frequent of the values (ties: the first in text order); null when there are none. */
function mostFrequent(values: readonly string[]): string | null {
  // A product has a handful of packages: counting pairwise is cheaper than a Map per product.
  let best: string | null = null;
  let bestCount = 0;
  for (const value of values) {
    let count = 0;
    for (const other of values) if (other === value) count++;
    if (count > bestCount || (count === bestCount && best !== null && byText(value, best) < 0)) {
      best = value;
      bestCount = count;
    }
  }
  return best;
}

interface IngredientSet {
  rxcuis: string[];
  names: string;
}

function uniqueBy<T>(rows: readonly T[], key: (row: T) => string, what: string): Map<string, T> {
  const map = new Map<string, T>();
  for (const row of rows) {
    if (map.has(key(row))) throw new Error(`${what} ${key(row)} appears twice`);
    map.set(key(row), row);
  }
  return map;
}

/**
 * The tables the app reads, from the parsed files. Besides copying them, it derives:
 * - ndc_drugs: every NDC with an RxCUI (RxNorm 2025's map first, else the 2020 directory's) and its ingredients,
 *   from the first source that has any: RxNorm 2025 for that RxCUI, RxNav 2020 for it, then the same two for the
 *   NDC's 2020 RxCUI. RxNorm 2025 here lacks every ingredient starting with "A"; 2020 fills those in.
 * - ndc_products: one row per FDA product NDC (labeler-product), under the RxCUI most of its packages have.
 * - rxnorm_concepts: 2025's concepts, plus the 2020 ingredients 2025 lacks (marked by their release date).
 */
export function buildReferenceTables(sources: ReferenceSources): ReferenceTable[] {
  const { packages: packagesFile, rxnormNdcs: rxnormNdcsFile, concepts: conceptsFile, rxnav: rxnavFile } = REFERENCE_FILES;
  const packages = uniqueBy(sources.packages, (row) => row.ndc11, `${packagesFile.fileName}: NDC`);
  const rxnormNdcs = uniqueBy(sources.rxnormNdcs, (row) => row.ndc11, `${rxnormNdcsFile.fileName}: NDC`);
  const concepts = uniqueBy(sources.concepts, (row) => row.rxcui, `${conceptsFile.fileName}: RxCUI`);
  const drugs = uniqueBy(sources.drugs, (row) => row.rxcui, `${REFERENCE_FILES.drugs.fileName}: RxCUI`);

  const rxnavIngredients = new Map<string, string[]>();
  const ingredientNames = new Map<string, string>();
  for (const concept of sources.concepts) if (concept.tty === 'IN') ingredientNames.set(concept.rxcui, concept.name);
  const addedIngredients: Cell[][] = [];
  for (const row of sources.rxnav) {
    const list = rxnavIngredients.get(row.rxcui);
    if (list) list.push(row.ingredientRxcui);
    else rxnavIngredients.set(row.rxcui, [row.ingredientRxcui]);
    if (ingredientNames.has(row.ingredientRxcui)) continue;
    ingredientNames.set(row.ingredientRxcui, row.ingredientName);
    if (!concepts.has(row.ingredientRxcui)) addedIngredients.push([row.ingredientRxcui, 'IN', row.ingredientName, rxnavFile.asOf]);
  }
  // Per RxCUI, once: its ingredient RxCUIs (by name) and their names joined, or null when no source has any.
  const ingredientSets = new Map<string, IngredientSet | null>();
  const ingredientSetOf = (rxcui: string | null | undefined): IngredientSet | undefined => {
    if (!rxcui) return undefined;
    let set = ingredientSets.get(rxcui);
    if (set === undefined) {
      const current = drugs.get(rxcui)?.ingredientRxcuis;
      const list = current?.length ? current : rxnavIngredients.get(rxcui);
      const named = [...new Set(list ?? [])]
        .map((ingredient) => ({ rxcui: ingredient, name: ingredientNames.get(ingredient) ?? ingredient }))
        .sort((x, y) => byText(x.name, y.name) || byText(x.rxcui, y.rxcui));
      set = named.length ? { rxcuis: named.map((n) => n.rxcui), names: named.map((n) => n.name).join(' / ') } : null;
      ingredientSets.set(rxcui, set);
    }
    return set ?? undefined;
  };

  const ndcDrugs = new Map<string, { rxcui: string; ingredients: IngredientSet | undefined }>();
  const ndcDrugRows: Cell[][] = [];
  const addNdcDrug = (ndc11: string, current: string | undefined, old: string | null | undefined, release: string): void => {
    const rxcui = current ?? old;
    if (!rxcui) return;
    const ingredients = ingredientSetOf(current) ?? ingredientSetOf(old);
    ndcDrugs.set(ndc11, { rxcui, ingredients });
    ndcDrugRows.push([ndc11, rxcui, release, ingredients?.rxcuis ?? []]);
  };
  for (const { ndc11, rxcui } of sources.rxnormNdcs) addNdcDrug(ndc11, rxcui, packages.get(ndc11)?.rxcui, rxnormNdcsFile.asOf);
  for (const { ndc11, rxcui } of sources.packages) if (!rxnormNdcs.has(ndc11)) addNdcDrug(ndc11, undefined, rxcui, packagesFile.asOf);

  const products = new Map<string, string[]>();
  for (const row of sources.packages) {
    const list = products.get(row.productNdc);
    if (list) list.push(row.ndc11);
    else products.set(row.productNdc, [row.ndc11]);
  }
  const productRows: Cell[][] = [];
  for (const [productNdc, ndcs] of products) {
    const rxcuis: string[] = [];
    const names: string[] = [];
    for (const ndc11 of ndcs) {
      const known = ndcDrugs.get(ndc11);
      if (!known) continue;
      rxcuis.push(known.rxcui);
      if (known.ingredients) names.push(known.ingredients.names);
    }
    const rxcui = mostFrequent(rxcuis);
    const drug = rxcui ? drugs.get(rxcui) : undefined;
    productRows.push([
      productNdc,
      productNdc.slice(0, productNdc.indexOf('-')),
      rxcui,
      rxcui ? (concepts.get(rxcui)?.name ?? null) : null,
      drug?.brandName ?? null,
      mostFrequent(names),
      drug?.strength ?? null,
      drug?.doseForm ?? null,
      ndcs.length,
    ]);
  }

  const severity = (level: InteractionLevel) => INTERACTION_LEVELS.indexOf(level);
  const pairs = new Map<string, ReferenceSources['interactions'][number]>();
  for (const pair of sources.interactions) {
    const key = `${pair.a}|${pair.b}`;
    const known = pairs.get(key);
    if (!known || severity(pair.level) < severity(known.level)) pairs.set(key, pair);
  }

  return [
    {
      table: 'ndc_packages',
      columns: ['ndc11', 'package_ndc', 'product_ndc', 'rxcui'],
      rows: sources.packages.map((row) => [row.ndc11, row.packageNdc, row.productNdc, row.rxcui]),
    },
    {
      table: 'rxnorm_concepts',
      columns: ['rxcui', 'tty', 'name', 'release'],
      rows: [...sources.concepts.map((row): Cell[] => [row.rxcui, row.tty, row.name, conceptsFile.asOf]), ...addedIngredients],
    },
    {
      table: 'rxnorm_drugs',
      columns: ['rxcui', 'generic_rxcui', 'brand_name', 'strength', 'dose_form', 'ingredient_rxcuis'],
      rows: sources.drugs.map((row) => [
        row.rxcui,
        row.genericRxcui,
        row.brandName,
        row.strength,
        row.doseForm,
        row.ingredientRxcuis.length ? row.ingredientRxcuis : null,
      ]),
    },
    {
      table: 'drug_interactions',
      columns: ['ingredient_a_rxcui', 'ingredient_b_rxcui', 'level', 'ingredient_a_name', 'ingredient_b_name'],
      rows: [...pairs.values()].map((pair) => [pair.a, pair.b, pair.level, pair.nameA, pair.nameB]),
    },
    {
      table: 'ndc_drugs',
      columns: ['ndc11', 'rxcui', 'rxcui_release', 'ingredient_rxcuis'],
      rows: ndcDrugRows,
    },
    {
      table: 'ndc_products',
      columns: [
        'product_ndc',
        'labeler_code',
        'rxcui',
        'drug_name',
        'brand_name',
        'ingredient_names',
        'strength',
        'dose_form',
        'package_count',
      ],
      rows: productRows,
    },
  ];
}
