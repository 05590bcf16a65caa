import type { DrugForm, DrugMatch } from '@healthlink/contracts';
import type { NadacCandidate, RxnormCandidate } from './search-candidates';

/** The most matches a name search answers (the lookup page's cards). */
export const MAX_MATCHES = 10;

// The lookup form's Drug Type against NADAC's and RxNorm's dose-form words.
const FORM_WORDS: Record<DrugForm, RegExp> = {
  TABLET: /\b(TAB|TABLET|TABLETS|CAPLET)\b/i,
  CAPSULE: /\b(CAP|CAPS|CAPSULE|CAPSULES)\b/i,
  LIQUID: /\b(SOLN|SOLUTION|SUSP|SUSPENSION|SYRUP|ELIXIR|LIQUID|LIQ|ORAL SOL|DROPS|CONC|CONCENTRATE)\b/i,
  INJECTION: /\b(INJ|INJECTION|INJECTABLE|VIAL|SYRINGE|SYR|PEN|CARTRIDGE|AUTO-INJECTOR|PREFILLED)\b/i,
  CREAM: /\bCREAM\b/i,
  OINTMENT: /\b(OINT|OINTMENT)\b/i,
};

// "10 MG", "1,000 MG/10 ML", "0.05%", "10-325 MG", "100 UNIT/ML": the first strength printed in a name.
const STRENGTH =
  /(\d[\d,.]*(?:[-/]\d[\d,.]*)*)\s*(MG\/ML|MG\/\d+(?:\.\d+)?\s*ML|MCG\/ML|UNITS?\/ML|MG|MCG|GM|G|ML|%|UNITS?|MEQ|MEQ\/ML|IU)(?![A-Z])/i;

/** A name's brand part, strength, unit and dose form: "LIPITOR 10 MG TABLET" -> LIPITOR, 10, MG, TABLET. */
export function nameParts(name: string): { lead: string; strength: string | null; unit: string | null; form: string | null } {
  const match = STRENGTH.exec(name);
  if (!match) return { lead: name.trim(), strength: null, unit: null, form: null };
  const form = name
    .slice(match.index + match[0].length)
    .replace(/^[\s,]+/, '')
    .trim();
  return { lead: name.slice(0, match.index).trim(), strength: match[1]!, unit: match[2]!.toUpperCase(), form: form || null };
}

const isCombination = (name: string): boolean => name.includes(' / ') || nameParts(name).lead.includes('-');

const compact = (text: string): string => text.toLowerCase().replace(/[\s,]+/g, '');

/** Whether the name holds the dosage the member typed ("10 mg" in "ATORVASTATIN 10 MG TABLET"). */
export function matchesDosage(name: string, dosage: string): boolean {
  const wanted = compact(dosage);
  const { strength, unit } = nameParts(name);
  if (!wanted || !strength) return false;
  // Against the first strength printed, number by number ("10" is not in "100"; "10 mg" is in "10-325 MG").
  const numbers = strength.replace(/,/g, '').split(/[-/]/);
  return (
    numbers.some((number) => wanted === number || wanted === compact(`${number}${unit ?? ''}`)) ||
    wanted === compact(`${strength}${unit ?? ''}`)
  );
}

export const matchesForm = (text: string, form: DrugForm | null): boolean => (form ? FORM_WORDS[form].test(text) : false);

interface Ranked {
  match: DrugMatch;
  /** 0 the name (or the single ingredient) starts with the query, 1 holds it, 2 only sounds like it. */
  nameRank: number;
  formMatch: boolean;
  dosageMatch: boolean;
  /** A combination product ("AMLODIPINE-ATORVAST", "atorvastatin ... / ezetimibe ..."): after single drugs. */
  combination: boolean;
  score: number;
  priced: boolean;
}

function nameRank(query: string, ...names: (string | null)[]): number {
  const q = query.trim().toLowerCase();
  let best = 2;
  for (const name of names) {
    const n = (name ?? '').toLowerCase();
    if (n.startsWith(q)) return 0;
    if (n.includes(q)) best = 1;
  }
  return best;
}

/**
 * The matches to show, best first: the form the member chose first (a tablet is not an injection), then names
 * that start with what they typed (or whose single ingredient does: "atorvastatin" puts Lipitor beside the
 * generics), then names holding it, then misspellings by similarity; within each, the dosage they typed first, single
 * drugs before combinations, and drugs with a price before those without. RxNorm names that a NADAC row already stands for are left out.
 */
export function rankMatches(
  query: string,
  dosage: string,
  form: DrugForm | null,
  candidates: { nadac: NadacCandidate[]; rxnorm: RxnormCandidate[] },
): DrugMatch[] {
  const ranked: Ranked[] = [];
  const rxcuis = new Set<string>();
  for (const candidate of candidates.nadac) {
    const parts = nameParts(candidate.description);
    if (candidate.rxcui) rxcuis.add(candidate.rxcui);
    const brand = candidate.classification === 'brand' ? (candidate.brandName ?? (parts.lead || null)) : null;
    // Ingredients from RxNorm; else, for a generic, the name NADAC gives it; for a brand, its generic's.
    const generic = candidate.classification === 'brand' ? candidate.genericDescription : candidate.description;
    const nonProprietary = candidate.ingredientNames ?? (generic ? nameParts(generic).lead.toLowerCase() || null : null);
    ranked.push({
      match: {
        proprietaryName: brand,
        drugName: candidate.description,
        strength: parts.strength,
        unit: parts.unit,
        dosageForm: parts.form,
        nonProprietaryName: nonProprietary,
        ndc: candidate.ndc11,
        rxcui: candidate.rxcui,
      },
      nameRank: nameRank(query, candidate.description, candidate.viaName),
      formMatch: matchesForm(candidate.description, form),
      dosageMatch: matchesDosage(candidate.description, dosage),
      combination: isCombination(candidate.description),
      score: candidate.score,
      priced: true,
    });
  }
  for (const candidate of candidates.rxnorm) {
    if (rxcuis.has(candidate.rxcui)) continue;
    const strength = nameParts(candidate.strength ?? candidate.name);
    ranked.push({
      match: {
        proprietaryName: candidate.brandName,
        drugName: candidate.name,
        strength: strength.strength,
        unit: strength.unit,
        dosageForm: candidate.doseForm,
        nonProprietaryName: candidate.ingredientNames,
        ndc: candidate.ndc11,
        rxcui: candidate.rxcui,
      },
      nameRank: nameRank(query, candidate.name, candidate.brandName),
      formMatch: matchesForm(`${candidate.doseForm ?? ''} ${candidate.name}`, form),
      dosageMatch: matchesDosage(candidate.name, dosage),
      combination: isCombination(candidate.name),
      score: candidate.score,
      priced: false,
    });
  }
  const flag = (value: boolean): number => (value ? 0 : 1);
  return ranked
    .sort(
      (a, b) =>
        flag(a.formMatch) - flag(b.formMatch) ||
        a.nameRank - b.nameRank ||
        flag(a.dosageMatch) - flag(b.dosageMatch) ||
        flag(!a.combination) - flag(!b.combination) ||
        flag(a.priced) - flag(b.priced) ||
        b.score - a.score ||
        (a.match.drugName < b.match.drugName ? -1 : a.match.drugName > b.match.drugName ? 1 : 0),
    )
    .slice(0, MAX_MATCHES)
    .map((item) => item.match);
}
