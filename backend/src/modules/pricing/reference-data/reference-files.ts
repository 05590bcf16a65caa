import type { InteractionLevel } from '@healthlink/contracts';
import { join } from 'node:path';
import { normalizeNdc, productNdcOf } from '../ndc';

/** The repo's own trimmed copies (backend/data/reference, README.md there), the same from src/ and dist/. */
export const REFERENCE_DATA_DIR = join(__dirname, '..', '..', '..', '..', 'data', 'reference');

/** One reference file: its record in reference_datasets, the date of its data, and how a record reads. */
export interface ReferenceFile<T> {
  dataset: string;
  fileName: string;
  /** YYYY-MM-DD: the date of the data itself (not of the load). */
  asOf: string;
  header: readonly string[];
  /** The record's value; throws an Error naming the problem when the record is malformed. */
  parse(fields: readonly string[]): T;
}

export interface FdaPackage {
  ndc11: string;
  packageNdc: string;
  productNdc: string;
  rxcui: string | null;
}
export interface RxnormNdc {
  ndc11: string;
  rxcui: string;
}
export interface RxnormConcept {
  rxcui: string;
  tty: string;
  name: string;
}
export interface RxnormDrug {
  rxcui: string;
  genericRxcui: string | null;
  brandName: string | null;
  strength: string | null;
  doseForm: string | null;
  ingredientRxcuis: string[];
}
export interface RxnavIngredient {
  rxcui: string;
  ingredientRxcui: string;
  ingredientName: string;
}
export interface ListedPair {
  /** Ingredient RxCUIs, a < b. */
  a: string;
  b: string;
  level: InteractionLevel;
  nameA: string;
  nameB: string;
}

const RXCUI = /^\d{1,10}$/;
const LEVELS: readonly string[] = ['major', 'moderate', 'minor', 'unknown'];

function rxcui(value: string, what = 'RxCUI'): string {
  if (!RXCUI.test(value)) throw new Error(`${what} "${value}" is not an RxCUI`);
  return value;
}
const optionalRxcui = (value: string): string | null => (value === '' ? null : rxcui(value));
const optional = (value: string): string | null => (value.trim() === '' ? null : value.trim());
function required(value: string, what: string): string {
  if (value.trim() === '') throw new Error(`${what} is empty`);
  return value.trim();
}

export const INTERACTIONS_SOURCE =
  'ONC High-Priority (2012, major) and Non-Interruptive (2013, moderate) drug-drug interaction lists, mapped to RxNorm ingredients in 2014';

export const REFERENCE_FILES = {
  // Every package of the FDA NDC Directory of 2020-06-17 as the FDA prints it, with the RxCUI RxNav gave it then.
  packages: {
    dataset: 'fda_ndc_packages',
    fileName: 'fda-ndc-packages_2020-06-17.csv.gz',
    asOf: '2020-06-17',
    header: ['ndc', 'rxcui'],
    parse: ([ndc, rx]): FdaPackage => {
      const parsed = normalizeNdc(ndc!);
      if (parsed.kind !== 'exact' || !ndc!.includes('-')) throw new Error(`package NDC "${ndc}" is not a dashed NDC`);
      return { ndc11: parsed.ndc11, packageNdc: ndc!.trim(), productNdc: productNdcOf(ndc!)!, rxcui: optionalRxcui(rx!) };
    },
  } satisfies ReferenceFile<FdaPackage>,
  rxnormNdcs: {
    dataset: 'rxnorm_ndcs',
    fileName: 'rxnorm-ndcs_2025-10-06.csv.gz',
    asOf: '2025-10-06',
    header: ['ndc11', 'rxcui'],
    parse: ([ndc, rx]): RxnormNdc => {
      if (!/^\d{11}$/.test(ndc!)) throw new Error(`NDC "${ndc}" is not 11 digits`);
      return { ndc11: ndc!, rxcui: rxcui(rx!) };
    },
  } satisfies ReferenceFile<RxnormNdc>,
  concepts: {
    dataset: 'rxnorm_concepts',
    fileName: 'rxnorm-concepts_2025-10-06.csv.gz',
    asOf: '2025-10-06',
    header: ['rxcui', 'tty', 'name'],
    parse: ([rx, tty, name]): RxnormConcept => ({ rxcui: rxcui(rx!), tty: required(tty!, 'tty'), name: required(name!, 'name') }),
  } satisfies ReferenceFile<RxnormConcept>,
  drugs: {
    dataset: 'rxnorm_drugs',
    fileName: 'rxnorm-drugs_2025-10-06.csv.gz',
    asOf: '2025-10-06',
    header: ['rxcui', 'generic_rxcui', 'brand_name', 'strength', 'dose_form', 'ingredient_rxcuis'],
    parse: ([rx, generic, brand, strength, doseForm, ingredients]): RxnormDrug => ({
      rxcui: rxcui(rx!),
      genericRxcui: optionalRxcui(generic!),
      brandName: optional(brand!),
      strength: optional(strength!),
      doseForm: optional(doseForm!),
      ingredientRxcuis: ingredients!
        .split(' ')
        .filter(Boolean)
        .map((item) => rxcui(item, 'ingredient RxCUI')),
    }),
  } satisfies ReferenceFile<RxnormDrug>,
  // RxNav's ingredients of the 2020 RxCUIs: fills RxNorm 2025's gaps (ingredients starting with "A", retired RxCUIs).
  rxnav: {
    dataset: 'rxnav_ingredients',
    fileName: 'rxnav-ingredients_2020-06-17.csv.gz',
    asOf: '2020-06-17',
    header: ['rxcui', 'ingredient_rxcui', 'ingredient_name'],
    parse: ([rx, ingredient, name]): RxnavIngredient => ({
      rxcui: rxcui(rx!),
      ingredientRxcui: rxcui(ingredient!, 'ingredient RxCUI'),
      ingredientName: required(name!, 'ingredient name'),
    }),
  } satisfies ReferenceFile<RxnavIngredient>,
  interactions: {
    dataset: 'onc_interactions',
    fileName: 'onc-interactions_2014-04-04.csv.gz',
    asOf: '2014-04-04',
    header: ['level', 'rxcui_a', 'name_a', 'rxcui_b', 'name_b'],
    parse: ([level, rxA, nameA, rxB, nameB]): ListedPair => {
      if (!LEVELS.includes(level!)) throw new Error(`level "${level}" is not one of ${LEVELS.join(', ')}`);
      const a = { rxcui: rxcui(rxA!), name: required(nameA!, 'name_a') };
      const b = { rxcui: rxcui(rxB!), name: required(nameB!, 'name_b') };
      if (a.rxcui === b.rxcui) throw new Error(`an interaction of ${a.rxcui} with itself`);
      // Kept once per unordered pair, in the table's order, whatever order the file gives.
      const [first, second] = a.rxcui < b.rxcui ? [a, b] : [b, a];
      return { a: first.rxcui, b: second.rxcui, level: level as InteractionLevel, nameA: first.name, nameB: second.name };
    },
  } satisfies ReferenceFile<ListedPair>,
};

export type ReferenceFiles = typeof REFERENCE_FILES;
export type ReferenceSources = { [K in keyof ReferenceFiles]: ReturnType<ReferenceFiles[K]['parse']>[] };
export const INTERACTIONS_DATASET = REFERENCE_FILES.interactions.dataset;
