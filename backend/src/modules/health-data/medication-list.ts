/**
 * The member's one medication list: every row of `prescriptions` (pharmacy claim lines, MedicationRequest and
 * MedicationDispense resources, manual entries) folded into one entry per drug.
 *
 * A drug is identified by code, never by a guess on its name:
 * 1. ingredient set + strength, from RxNorm (`rxnorm_drugs`, a branded drug through its generic) by the row's RxCUI,
 *    else the RxCUI its NDC maps to (`ndc_drugs`): a claim for Lipitor 20 MG and a MedicationRequest for
 *    atorvastatin 20 MG are one entry; 10 MG and 20 MG are two;
 * 2. where RxNorm gives no strength or ingredients: the clinical drug's RxCUI (a branded drug's generic);
 * 3. a drug RxNorm does not know: its NDC (11 digits);
 * 4. a drug with no usable code at all: its name, normalised (case, spacing).
 */

/** The insurer key of the member's own entries. Not an insurer: no link, catalogue entry or unlink ever has it. */
export const MANUAL_INSURER_KEY = 'manual';

/** What a row was projected from. */
export const MEDICATION_SOURCE_KINDS = ['claim', 'medication_request', 'medication_dispense', 'manual'] as const;
export type MedicationSourceKind = (typeof MEDICATION_SOURCE_KINDS)[number];

/** One source of an entry: a kind and the insurer that sent it (null for the member's own entry). */
export interface MedicationSource {
  kind: MedicationSourceKind;
  insurerKey: string | null;
}

/** An ingredient, by RxCUI, with its RxNorm name (the RxCUI itself when the tables have no name). */
export interface MedicationIngredient {
  rxcui: string;
  name: string;
}

/** One drug of the member's list. */
export interface MedicationListEntry {
  /** What the entries were deduplicated by (see the top of this file): stable while the codes are. */
  key: string;
  /** The name the member knows it by (the latest row's own), else RxNorm's, else its ingredients and strength. */
  displayName: string;
  /** Every known 11-digit NDC of its rows, sorted. */
  ndc11s: string[];
  /** The RxCUI of its latest coded row (a branded or clinical drug); null when no row has one. */
  rxcui: string | null;
  /** Sorted by RxCUI; empty when unknown. */
  ingredients: MedicationIngredient[];
  strength: string | null;
  doseForm: string | null;
  /** Each kind and insurer once: claim before medication_request before medication_dispense before manual. */
  sources: MedicationSource[];
  /** YYYY-MM-DD of its oldest and newest rows; null when no row is dated. */
  firstDate: string | null;
  lastDate: string | null;
  /** Both of one row: the latest fill (claim or dispense) giving either, else the latest request; null when none gives one. */
  latestQuantity: string | null;
  latestDaysSupply: number | null;
  /** The ids of the `prescriptions` rows folded into the entry. */
  prescriptionIds: string[];
}

/** The fields of a stored `prescriptions` row the list needs (the repository's MedicationRow adds the manual ones). */
export interface ListRow {
  id: string;
  insurerKey: string;
  sourceKind: MedicationSourceKind;
  drugName: string | null;
  /** As stored: 11 digits, or 10 bare digits an insurer sent without the dashes that would place the zero. */
  drugNdc: string | null;
  rxcui: string | null;
  /** YYYY-MM-DD */
  datePrescribed: string | null;
  /** Units, as a decimal string (up to 3 decimals). */
  quantity: string | null;
  daysSupply: number | null;
  updatedAt: Date;
}

/** The reference rows the list folds by (MedicationReference). */
export interface ListReference {
  ndcs: { ndc11: string; rxcui: string; ingredientRxcuis: string[] }[];
  drugs: {
    rxcui: string;
    genericRxcui: string | null;
    brandName: string | null;
    strength: string | null;
    doseForm: string | null;
    ingredientRxcuis: string[] | null;
  }[];
  rxcuiIngredients: { rxcui: string; ingredientRxcuis: string[] }[];
  names: Record<string, string>;
}

/**
 * The 11-digit forms a stored NDC may stand for: itself when it has 11 digits, the three zero placements of ten bare
 * digits (an insurer that dropped the dashes), none otherwise. The reference tables pick the one that exists.
 * medication-list.repository.ts's statement reads the stored NDCs the same way in SQL: a change here goes there too
 * (medication-list.int-spec.ts checks both on 11-digit, 10-digit and malformed NDCs).
 */
export function ndcCandidatesOf(ndc: string | null): string[] {
  if (!ndc) return [];
  if (/^\d{11}$/.test(ndc)) return [ndc];
  if (/^\d{10}$/.test(ndc)) return [`0${ndc}`, `${ndc.slice(0, 5)}0${ndc.slice(5)}`, `${ndc.slice(0, 9)}0${ndc.slice(9)}`];
  return [];
}

const SOURCE_ORDER = new Map(MEDICATION_SOURCE_KINDS.map((kind, index) => [kind, index]));
const FILL_KINDS = new Set<MedicationSourceKind>(['claim', 'medication_dispense']);

const normalisedName = (name: string): string => name.toLowerCase().replace(/\s+/g, ' ').trim();
const normalisedStrength = (strength: string): string => strength.toUpperCase().replace(/\s+/g, ' ').trim();

interface Identified {
  row: ListRow;
  key: string;
  ndc11: string | null;
  rxcui: string | null;
  ingredients: string[];
  strength: string | null;
  doseForm: string | null;
  referenceName: string | null;
}

/** Newest first: by date (undated last), then the most recently stored. */
function newestFirst(a: ListRow, b: ListRow): number {
  const da = a.datePrescribed ?? '';
  const db = b.datePrescribed ?? '';
  if (da !== db) return da < db ? 1 : -1;
  return b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? -1 : 1);
}

/** A row's drug as the reference tables know it, and the key it is folded by; null for a row with no name or code. */
interface Indexes {
  ndcs: Map<string, ListReference['ndcs'][number]>;
  drugs: Map<string, ListReference['drugs'][number]>;
  ingredientsByRxcui: Map<string, string[]>;
  names: Record<string, string>;
}

function identify(row: ListRow, index: Indexes): Identified | null {
  const known = ndcCandidatesOf(row.drugNdc).flatMap((ndc) => index.ndcs.get(ndc) ?? []);
  // Ten bare digits stand for the one NDC the tables know; two known readings are left unresolved.
  const ndcDrug = known.length === 1 ? known[0]! : null;
  const ndc11 = ndcDrug?.ndc11 ?? (row.drugNdc && /^\d{11}$/.test(row.drugNdc) ? row.drugNdc : null);
  const rxcui = row.rxcui ?? ndcDrug?.rxcui ?? null;
  const drug = rxcui ? index.drugs.get(rxcui) : undefined;
  const generic = drug?.genericRxcui ? index.drugs.get(drug.genericRxcui) : undefined;
  // RxNorm's drug table first; else the ingredients the NDC directory records for this RxCUI (RxNorm 2025 here lacks
  // the ingredients starting with "A").
  const ingredients = [
    ...new Set(
      drug?.ingredientRxcuis ??
        generic?.ingredientRxcuis ??
        (ndcDrug && ndcDrug.rxcui === rxcui ? ndcDrug.ingredientRxcuis : null) ??
        (rxcui ? index.ingredientsByRxcui.get(rxcui) : null) ??
        [],
    ),
  ].sort();
  const strength = drug?.strength ?? generic?.strength ?? null;
  const doseForm = drug?.doseForm ?? generic?.doseForm ?? null;
  const referenceName = (rxcui && index.names[rxcui]) || null;
  let key: string;
  if (ingredients.length && strength) key = `ingredients:${ingredients.join('+')}|${normalisedStrength(strength)}`;
  else if (rxcui) key = `rxcui:${drug?.genericRxcui ?? rxcui}`;
  else if (ndc11) key = `ndc:${ndc11}`;
  else if (row.drugNdc) key = `ndc:${row.drugNdc}`;
  else if (row.drugName?.trim()) key = `name:${normalisedName(row.drugName)}`;
  else return null;
  return { row, key, ndc11, rxcui, ingredients, strength, doseForm, referenceName };
}

/** The member's rows folded into one entry per drug, the most recently dated first, then by name. */
export function foldMedicationList(rows: ListRow[], reference: ListReference): MedicationListEntry[] {
  const index: Indexes = {
    ndcs: new Map(reference.ndcs.map((ndc) => [ndc.ndc11, ndc])),
    drugs: new Map(reference.drugs.map((drug) => [drug.rxcui, drug])),
    ingredientsByRxcui: new Map(reference.rxcuiIngredients.map((entry) => [entry.rxcui, entry.ingredientRxcuis])),
    names: reference.names,
  };
  const groups = new Map<string, Identified[]>();
  for (const row of [...rows].sort(newestFirst)) {
    const identified = identify(row, index);
    if (!identified) continue;
    const group = groups.get(identified.key) ?? [];
    group.push(identified);
    groups.set(identified.key, group);
  }
  // The most recently dated first (undated last), then by name: an order that a re-sync (new updated_at) keeps.
  return [...groups.entries()]
    .map(([key, members]) => entryOf(key, members, reference.names))
    .sort(
      (a, b) =>
        (b.lastDate ?? '').localeCompare(a.lastDate ?? '') ||
        a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' }) ||
        a.key.localeCompare(b.key),
    );
}

function entryOf(key: string, members: Identified[], names: Record<string, string>): MedicationListEntry {
  // Members are newest first.
  const latest = members[0]!;
  const coded = members.find((m) => m.rxcui) ?? null;
  const ingredients = members.find((m) => m.ingredients.length)?.ingredients ?? [];
  const strength = members.find((m) => m.strength)?.strength ?? null;
  const doseForm = members.find((m) => m.doseForm)?.doseForm ?? null;
  const ownName = members.map((m) => m.row.drugName?.trim()).find(Boolean);
  const ingredientNames = ingredients.map((rxcui) => names[rxcui] ?? rxcui);
  const displayName =
    ownName ??
    members.map((m) => m.referenceName).find(Boolean) ??
    (ingredientNames.length ? [ingredientNames.join(' / '), strength].filter(Boolean).join(' ') : null) ??
    `NDC ${latest.ndc11 ?? latest.row.drugNdc}`;

  const sources = new Map<string, MedicationSource>();
  for (const { row } of members) {
    const insurerKey = row.sourceKind === 'manual' ? null : row.insurerKey;
    sources.set(`${row.sourceKind}/${insurerKey ?? ''}`, { kind: row.sourceKind, insurerKey });
  }
  const dates = members
    .map((m) => m.row.datePrescribed)
    .filter((d): d is string => !!d)
    .sort();
  // Quantity and days supply of one and the same row: the latest fill that gives either, else the latest request.
  const gives = (m: Identified) => m.row.quantity !== null || m.row.daysSupply !== null;
  const supply = members.find((m) => FILL_KINDS.has(m.row.sourceKind) && gives(m)) ?? members.find(gives);

  return {
    key,
    displayName,
    ndc11s: [...new Set(members.flatMap((m) => (m.ndc11 ? [m.ndc11] : [])))].sort(),
    rxcui: coded?.rxcui ?? null,
    ingredients: ingredients.map((rxcui, index) => ({ rxcui, name: ingredientNames[index]! })),
    strength,
    doseForm,
    sources: [...sources.values()].sort(
      (a, b) => SOURCE_ORDER.get(a.kind)! - SOURCE_ORDER.get(b.kind)! || (a.insurerKey ?? '').localeCompare(b.insurerKey ?? ''),
    ),
    firstDate: dates[0] ?? null,
    lastDate: dates[dates.length - 1] ?? null,
    latestQuantity: supply?.row.quantity ?? null,
    latestDaysSupply: supply?.row.daysSupply ?? null,
    prescriptionIds: members.map((m) => m.row.id),
  };
}
