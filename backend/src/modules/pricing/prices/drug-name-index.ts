import type { NadacCandidate, RxnormCandidate } from './search-candidates';
import { positionalTrigrams, realAsPrinted, toReal, trigramSet, WORD_SIMILARITY_THRESHOLD, wordSimilarityOf } from './trigram';

/** Below this many characters a name has too few trigrams to be found by similarity: it is matched by prefix. */
export const SHORT_NAME = 4;

/** A weekly NADAC row as the index loads it (PricesRepository.nameIndexNadacRows), in the database's description order. */
export interface NadacNameRow {
  ndc11: string;
  description: string;
  classification: 'brand' | 'generic' | null;
  /** The rates as PostgreSQL prints them without trailing zeros (numeric equality is text equality). */
  perUnit: string;
  pricingUnit: string | null;
  correspondingGenericPerUnit: string | null;
  /** The description without its name: "10 MG TABLET". */
  strengthForm: string;
  rxcui: string | null;
  brandName: string | null;
  ingredientNames: string | null;
}

/** An RxNorm SCD or SBD as the index loads it (PricesRepository.nameIndexRxnormRows), in the database's name order. */
export type RxnormNameRow = Omit<RxnormCandidate, 'score'>;

/** How many searches' answers an index keeps (each at most 60 candidates: ~10 KB; ~5 MB in all). */
const RECENT_SEARCHES = 500;

export interface SearchCandidates {
  nadac: NadacCandidate[];
  rxnorm: RxnormCandidate[];
}

/**
 * Distinct names with their trigrams, an inverted index trigram -> names, and the names lower-cased in sorted order
 * for the prefix search of short names. Names are numbered in the order given (the database's collation order), so
 * comparing numbers compares names as PostgreSQL's ORDER BY does.
 */
class TrigramIndex {
  private readonly trigramIds = new Map<string, number>();
  /** Every name's trigram ids in text order (repeats kept: word_similarity needs the positions), one after another. */
  private readonly trigrams: Int32Array;
  /** Where each name's trigrams start in `trigrams` (and, at name + 1, end). */
  private readonly starts: Int32Array;
  private readonly postings: Int32Array[] = [];
  private readonly lowered: string[];
  /** Name numbers sorted by their lower-cased text (code units), for prefix ranges by binary search. */
  private readonly byLowered: Int32Array;
  /**
   * Scratch space per trigram id for scoring (a search runs synchronously, so one set per index serves every
   * search): the query's trigrams, and word_similarity's last positions (kept at -1 between uses).
   */
  private readonly scratchQuery: Uint8Array;
  private readonly scratchPositions: Int32Array;

  constructor(readonly names: readonly string[]) {
    const lists: number[][] = [];
    const all: number[] = [];
    this.starts = new Int32Array(names.length + 1);
    names.forEach((name, nameId) => {
      this.starts[nameId] = all.length;
      const ids = positionalTrigrams(name).map((trigram) => {
        let id = this.trigramIds.get(trigram);
        if (id === undefined) {
          id = this.trigramIds.size;
          this.trigramIds.set(trigram, id);
          lists.push([]);
        }
        return id;
      });
      all.push(...ids);
      for (const id of new Set(ids)) lists[id]!.push(nameId);
    });
    this.starts[names.length] = all.length;
    this.trigrams = Int32Array.from(all);
    this.scratchQuery = new Uint8Array(this.trigramIds.size);
    this.scratchPositions = new Int32Array(this.trigramIds.size).fill(-1);
    for (const list of lists) this.postings.push(Int32Array.from(list));
    this.lowered = names.map((name) => name.toLowerCase());
    this.byLowered = Int32Array.from(names.keys()).sort((a, b) =>
      this.lowered[a]! < this.lowered[b]! ? -1 : this.lowered[a]! > this.lowered[b]! ? 1 : 0,
    );
  }

  /** The names with `word_similarity(query, name) >= threshold` (`query <% name`), with that similarity. */
  similar(query: string): Map<number, number> {
    const querySet = trigramSet(query);
    const queryCount = querySet.size;
    const hits = new Map<number, number>();
    if (!queryCount) return hits;
    const known = [...querySet].flatMap((trigram) => {
      const id = this.trigramIds.get(trigram);
      return id === undefined ? [] : [id];
    });
    // A match shares at least `needed` of the query's trigrams (similarity <= shared / query trigrams), so it has
    // one of the known.length - needed + 1 rarest: only their postings are read, and only the names sharing
    // `needed` trigrams in all are scored.
    let needed = 1;
    while (toReal(needed / queryCount) < WORD_SIMILARITY_THRESHOLD) needed++;
    if (known.length < needed) return hits;
    known.sort((a, b) => this.postings[a]!.length - this.postings[b]!.length);
    // Per name, how many of the query's trigrams it has (a query of 65,535 trigrams is beyond any the DTO lets in).
    const shared = new Uint16Array(this.names.length);
    for (const id of known.slice(0, known.length - needed + 1)) for (const nameId of this.postings[id]!) shared[nameId]++;
    const candidates: number[] = [];
    for (let nameId = 0; nameId < shared.length; nameId++) if (shared[nameId]) candidates.push(nameId);
    // Count the rest of the query's trigrams in the candidates.
    for (const id of known.slice(known.length - needed + 1)) {
      for (const nameId of this.postings[id]!) if (shared[nameId]) shared[nameId]++;
    }
    const inQuery = this.scratchQuery;
    for (const id of known) inQuery[id] = 1;
    for (const nameId of candidates) {
      if (shared[nameId]! < needed) continue;
      const score = wordSimilarityOf(
        queryCount,
        this.trigrams,
        this.starts[nameId]!,
        this.starts[nameId + 1]!,
        inQuery,
        this.scratchPositions,
      );
      if (score >= WORD_SIMILARITY_THRESHOLD) hits.set(nameId, score);
    }
    for (const id of known) inQuery[id] = 0;
    return hits;
  }

  /** The names starting with `prefix`, case-insensitively (ILIKE 'prefix%'), with `word_similarity(query, name)`. */
  startingWith(prefix: string): Map<number, number> {
    const lower = prefix.toLowerCase();
    let lo = 0;
    let hi = this.byLowered.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.lowered[this.byLowered[mid]!]! < lower) lo = mid + 1;
      else hi = mid;
    }
    const hits = new Map<number, number>();
    const querySet = trigramSet(prefix);
    const known = [...querySet].flatMap((trigram) => this.trigramIds.get(trigram) ?? []);
    const inQuery = this.scratchQuery;
    for (const id of known) inQuery[id] = 1;
    for (let i = lo; i < this.byLowered.length; i++) {
      const nameId = this.byLowered[i]!;
      if (!this.lowered[nameId]!.startsWith(lower)) break;
      hits.set(
        nameId,
        wordSimilarityOf(querySet.size, this.trigrams, this.starts[nameId]!, this.starts[nameId + 1]!, inQuery, this.scratchPositions),
      );
    }
    for (const id of known) inQuery[id] = 0;
    return hits;
  }

  startsWith(nameId: number, lowerPrefix: string): boolean {
    return this.lowered[nameId]!.startsWith(lowerPrefix);
  }
}

interface Hit {
  row: NadacNameRow;
  /** The description's number in the database's order. */
  rank: number;
  score: number;
  viaName: string | null;
  /** The via name's number; -1 for a direct find (NULLS FIRST). */
  viaRank: number;
}

const compareRate = (a: string, b: string): number => Number(a) - Number(b);
/** ORDER BY (per_unit > 0) DESC: NULL (never: per_unit is NOT NULL) first, then positive rates, then the rest. */
const positive = (row: NadacNameRow): number => (Number(row.perUnit) > 0 ? 1 : 0);

/**
 * The drug name search of PricesRepository.searchCandidates, in memory: the same candidates in the same order, from
 * the weekly NADAC descriptions and RxNorm's SCD/SBD names loaded once (see DrugNameIndexService for when).
 * - NADAC: `query <% description` (a short name: the descriptions starting with it), plus the brands whose
 *   corresponding generic rate, pricing unit, strength and form are those of a generic found (scored as that generic,
 *   `viaName` its description); one per description (the best score, then a positive rate, the cheapest, the lowest
 *   NDC); names or via-names starting with the query first, then score, then description; at most `limit`.
 * - RxNorm: likewise by name, prefix first, then score, then name; at most `limit / 2`.
 */
export class DrugNameIndex {
  private readonly nadacNames: TrigramIndex;
  /** Per distinct description (by number), its weekly rows. */
  private readonly nadacRows: NadacNameRow[][] = [];
  /** Brand rows by "corresponding generic rate|unit|strength and form". */
  private readonly brandsByGeneric = new Map<string, NadacNameRow[]>();
  /** Generic descriptions by "rate|unit|strength and form", the first in the database's order (min(description)). */
  private readonly genericByRate = new Map<string, string>();
  private readonly descriptionRank = new Map<string, number>();
  private readonly rxnormNames: TrigramIndex;
  private readonly rxnormRows: RxnormNameRow[][] = [];
  /** The last searches' answers, least recently used first (this index's: a rebuild starts empty). */
  private readonly recent = new Map<string, SearchCandidates>();

  constructor(nadacRows: readonly NadacNameRow[], rxnormRows: readonly RxnormNameRow[]) {
    // The rows repeat their texts (a description per NDC, the same forms, units and ingredients): one copy of each.
    const pool = new Map<string, string>();
    const intern = <T extends string | null>(text: T): T => {
      if (text === null) return text;
      const kept = pool.get(text);
      if (kept !== undefined) return kept as T;
      pool.set(text, text);
      return text;
    };
    const nadac = nadacRows.map((row) => ({
      ndc11: row.ndc11,
      description: intern(row.description),
      classification: intern(row.classification),
      perUnit: intern(row.perUnit),
      pricingUnit: intern(row.pricingUnit),
      correspondingGenericPerUnit: intern(row.correspondingGenericPerUnit),
      strengthForm: intern(row.strengthForm),
      rxcui: intern(row.rxcui),
      brandName: intern(row.brandName),
      ingredientNames: intern(row.ingredientNames),
    }));
    const rxnorm = rxnormRows.map((row) => ({
      rxcui: row.rxcui,
      name: row.name,
      tty: intern(row.tty),
      brandName: intern(row.brandName),
      strength: intern(row.strength),
      doseForm: intern(row.doseForm),
      ingredientNames: intern(row.ingredientNames),
      ndc11: row.ndc11,
    }));
    const descriptions: string[] = [];
    for (const row of nadac) {
      let rank = this.descriptionRank.get(row.description);
      if (rank === undefined) {
        rank = descriptions.length;
        this.descriptionRank.set(row.description, rank);
        descriptions.push(row.description);
        this.nadacRows.push([]);
      }
      this.nadacRows[rank]!.push(row);
      if (row.pricingUnit === null) continue;
      if (row.classification === 'brand' && row.correspondingGenericPerUnit !== null) {
        const key = `${row.correspondingGenericPerUnit}|${row.pricingUnit}|${row.strengthForm}`;
        const brands = this.brandsByGeneric.get(key);
        if (brands) brands.push(row);
        else this.brandsByGeneric.set(key, [row]);
      }
      if (row.classification === 'generic') {
        const key = `${row.perUnit}|${row.pricingUnit}|${row.strengthForm}`;
        if (!this.genericByRate.has(key)) this.genericByRate.set(key, row.description);
      }
    }
    this.nadacNames = new TrigramIndex(descriptions);

    const names: string[] = [];
    const nameRank = new Map<string, number>();
    for (const row of rxnorm) {
      let rank = nameRank.get(row.name);
      if (rank === undefined) {
        rank = names.length;
        nameRank.set(row.name, rank);
        names.push(row.name);
        this.rxnormRows.push([]);
      }
      this.rxnormRows[rank]!.push(row);
    }
    this.rxnormNames = new TrigramIndex(names);
  }

  get size(): { nadacRows: number; descriptions: number; rxnormNames: number } {
    return {
      nadacRows: this.nadacRows.reduce((sum, rows) => sum + rows.length, 0),
      descriptions: this.nadacNames.names.length,
      rxnormNames: this.rxnormNames.names.length,
    };
  }

  /**
   * At most `limit` NADAC candidates and `limit / 2` RxNorm ones for a (trimmed) name, best first; frozen (the
   * answers of the RECENT_SEARCHES last names are kept: people search the same drugs, and a long common name such as
   * "hydrochlorothiazide" scores thousands of names, ~3 ms).
   */
  search(name: string, limit: number): SearchCandidates {
    const key = `${limit}|${name}`;
    const kept = this.recent.get(key);
    if (kept) {
      this.recent.delete(key);
      this.recent.set(key, kept);
      return kept;
    }
    const short = name.length < SHORT_NAME;
    const prefix = name.toLowerCase();
    const found: SearchCandidates = Object.freeze({
      nadac: Object.freeze(this.searchNadac(name, prefix, short, limit).map((candidate) => Object.freeze(candidate))) as NadacCandidate[],
      rxnorm: Object.freeze(
        this.searchRxnorm(name, prefix, short, Math.trunc(limit / 2)).map((candidate) => Object.freeze(candidate)),
      ) as RxnormCandidate[],
    });
    if (this.recent.size >= RECENT_SEARCHES) this.recent.delete(this.recent.keys().next().value!);
    this.recent.set(key, found);
    return found;
  }

  private searchNadac(name: string, prefix: string, short: boolean, limit: number): NadacCandidate[] {
    const found = short ? this.nadacNames.startingWith(name) : this.nadacNames.similar(name);
    // DISTINCT ON (description), the best row of each.
    const best = new Map<number, Hit>();
    const offer = (hit: Hit): void => {
      const kept = best.get(hit.rank);
      if (!kept || betterRow(hit, kept)) best.set(hit.rank, hit);
    };
    for (const [rank, score] of found) {
      for (const row of this.nadacRows[rank]!) {
        offer({ row, rank, score, viaName: null, viaRank: -1 });
        if (row.classification !== 'generic' || row.pricingUnit === null) continue;
        for (const brand of this.brandsByGeneric.get(`${row.perUnit}|${row.pricingUnit}|${row.strengthForm}`) ?? []) {
          offer({ row: brand, rank: this.descriptionRank.get(brand.description)!, score, viaName: row.description, viaRank: rank });
        }
      }
    }
    const prefixed = (hit: Hit): boolean =>
      this.nadacNames.startsWith(hit.rank, prefix) || (hit.viaName !== null && this.nadacNames.startsWith(hit.viaRank, prefix));
    return [...best.values()]
      .map((hit) => ({ hit, prefixed: prefixed(hit) }))
      .sort((a, b) => Number(b.prefixed) - Number(a.prefixed) || b.hit.score - a.hit.score || a.hit.rank - b.hit.rank)
      .slice(0, limit)
      .map(({ hit: { row, score, viaName } }) => ({
        description: row.description,
        ndc11: row.ndc11,
        classification: row.classification,
        rxcui: row.rxcui,
        brandName: row.brandName,
        ingredientNames: row.ingredientNames,
        genericDescription:
          row.classification === 'brand' && row.correspondingGenericPerUnit !== null && row.pricingUnit !== null
            ? (this.genericByRate.get(`${row.correspondingGenericPerUnit}|${row.pricingUnit}|${row.strengthForm}`) ?? null)
            : null,
        score: realAsPrinted(score),
        viaName,
      }));
  }

  private searchRxnorm(name: string, prefix: string, short: boolean, limit: number): RxnormCandidate[] {
    const found = short ? this.rxnormNames.startingWith(name) : this.rxnormNames.similar(name);
    return [...found]
      .map(([rank, score]) => ({ rank, score, prefixed: this.rxnormNames.startsWith(rank, prefix) }))
      .sort((a, b) => Number(b.prefixed) - Number(a.prefixed) || b.score - a.score || a.rank - b.rank)
      .flatMap(({ rank, score }) => this.rxnormRows[rank]!.map((row) => ({ ...row, score: realAsPrinted(score) })))
      .slice(0, limit);
  }
}

/** The SQL's DISTINCT ON order: score DESC, (per_unit > 0) DESC, per_unit, ndc11, via_name NULLS FIRST. */
function betterRow(a: Hit, b: Hit): boolean {
  return (
    (a.score - b.score ||
      positive(a.row) - positive(b.row) ||
      compareRate(b.row.perUnit, a.row.perUnit) ||
      (a.row.ndc11 === b.row.ndc11 ? 0 : a.row.ndc11 < b.row.ndc11 ? 1 : -1) ||
      b.viaRank - a.viaRank) > 0
  );
}
