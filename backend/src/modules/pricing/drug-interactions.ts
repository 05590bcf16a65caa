import { INTERACTION_LEVELS, type DrugInteraction, type InteractionLevel } from '@healthlink/contracts';

/** A drug of the member's, identified by code: the name they know it by and its ingredient RxCUIs. */
export interface IdentifiedDrug {
  name: string;
  ingredientRxcuis: readonly string[];
}

export interface ListedInteraction {
  a: string;
  b: string;
  level: InteractionLevel;
}

const severity = (level: InteractionLevel): number => INTERACTION_LEVELS.indexOf(level);
// One collator each (String#localeCompare with options builds one per call: most of the pairing's time).
const byName = new Intl.Collator('en');
const byBaseLetters = new Intl.Collator('en', { sensitivity: 'base' });
const sameName = (a: string, b: string): boolean => byBaseLetters.compare(a, b) === 0;

/**
 * The interactions between the member's drugs, one per pair of drug names, the most severe first.
 *
 * Checked by ingredient: each ingredient is named after the most recent drug that contains it (`drugs` come most
 * recent first), so refills, brand and generic of one ingredient count once and never interact with each other.
 * Two ingredients of one combination product are not reported against each other. A pair of names that several
 * ingredient pairs join keeps its most severe level.
 */
export function pairInteractions(drugs: readonly IdentifiedDrug[], listed: readonly ListedInteraction[]): DrugInteraction[] {
  const nameOf = new Map<string, string>();
  for (const drug of drugs) {
    for (const rxcui of drug.ingredientRxcuis) if (!nameOf.has(rxcui)) nameOf.set(rxcui, drug.name);
  }
  const byNames = new Map<string, DrugInteraction>();
  for (const { a, b, level } of listed) {
    const nameA = nameOf.get(a);
    const nameB = nameOf.get(b);
    if (!nameA || !nameB || sameName(nameA, nameB)) continue;
    const [drug_a, drug_b] = byName.compare(nameA, nameB) <= 0 ? [nameA, nameB] : [nameB, nameA];
    const key = `${drug_a}\u0000${drug_b}`;
    const known = byNames.get(key);
    if (!known || severity(level) < severity(known.level)) byNames.set(key, { drug_a, drug_b, level });
  }
  return [...byNames.values()].sort(
    (x, y) => severity(x.level) - severity(y.level) || byName.compare(x.drug_a, y.drug_a) || byName.compare(x.drug_b, y.drug_b),
  );
}
