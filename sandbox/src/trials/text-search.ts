/**
 * The part of ClinicalTrials.gov's Essie search syntax the stand-in understands: a query is clauses joined by `OR`,
 * each clause words (implicitly `AND`ed, `AND` itself allowed), words matched as whole tokens after the light
 * normalisation below. Quotes are read as grouping only. Field operators (`AREA[...]`, `RANGE[...]`, `EXPANSION[...]`)
 * are not served: the stand-in answers 400 for them rather than pretending to run them.
 */

/** Words Essie ignores in a condition search. */
const STOP_WORDS: ReadonlySet<string> = new Set(['of', 'the', 'a', 'an', 'in', 'on', 'to', 'for', 'by', 'with', 'without', 'and']);
const ROMAN: Readonly<Record<string, string>> = { i: '1', ii: '2', iii: '3', iv: '4' };

/** Lower case, punctuation to spaces, roman numerals I-IV to digits, a plural `s` dropped (a light stemming). */
export function tokens(text: string): string[] {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .split(' ')
    .filter((word) => word.length > 0 && !(word.length === 1 && /[a-z]/.test(word) && !ROMAN[word]))
    .map((word) => ROMAN[word] ?? (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word));
}

export type ParsedSearch = { ok: true; clauses: string[][] } | { ok: false; message: string };

const UNSUPPORTED = /\b(AREA|RANGE|EXPANSION|COVERAGE|SEARCH|MISSING|TILDE)\[/;

/** `a b OR c` -> [[a, b], [c]]. An empty query is an error (the parameter was given without a value). */
export function parseSearch(parameter: string, query: string): ParsedSearch {
  if (UNSUPPORTED.test(query)) return { ok: false, message: `${parameter}: Essie field operators are not supported by this sandbox` };
  if (/\bNOT\b/.test(query)) return { ok: false, message: `${parameter}: NOT is not supported by this sandbox` };
  const clauses = query
    .replace(/["()]/g, ' ')
    .split(/\s+OR\s+/)
    .map((clause) => tokens(clause.replace(/\bAND\b/g, ' ')).filter((word) => !STOP_WORDS.has(word)))
    .filter((clause) => clause.length > 0);
  if (!clauses.length) return { ok: false, message: `${parameter}: the query has no search terms` };
  return { ok: true, clauses };
}

/** True when every word of some clause is among the text's words. */
export function matchesSearch(clauses: readonly (readonly string[])[], words: ReadonlySet<string>): boolean {
  return clauses.some((clause) => clause.every((word) => words.has(word)));
}
