/**
 * pg_trgm's trigrams and word similarity in TypeScript, so a drug name search can run in memory and give the answers
 * PostgreSQL's `word_similarity` and `<%` give (the SQL path in prices.repository.ts stays the reference; the
 * int-spec compares the two on the real tables).
 *
 * pg_trgm (KEEPONLYALNUM, IGNORECASE): the text is lower-cased and split into words of letters and digits; each word
 * is padded with two spaces in front and one behind ("  word "), and its trigrams are the 3-character windows. A
 * trigram here is its three characters as a string (pg_trgm stores a CRC of a multibyte trigram: the same identity,
 * bar collisions). Letters beyond ASCII count as word characters as PostgreSQL's UTF-8 locales classify them.
 */

/** pg_trgm.word_similarity_threshold's default, the threshold of `<%`. */
export const WORD_SIMILARITY_THRESHOLD = 0.6;

const WORD = /[\p{L}\p{N}]+/gu;

/** The trigrams of a text in order, repeats kept (pg_trgm's generate_trgm_only). */
export function positionalTrigrams(text: string): string[] {
  const trigrams: string[] = [];
  for (const match of text.toLowerCase().matchAll(WORD)) {
    const chars = [' ', ' ', ...match[0], ' '];
    for (let i = 0; i + 3 <= chars.length; i++) trigrams.push(chars[i]! + chars[i + 1]! + chars[i + 2]!);
  }
  return trigrams;
}

/** The set of a text's trigrams (`show_trgm`). */
export function trigramSet(text: string): Set<string> {
  return new Set(positionalTrigrams(text));
}

/** A float8 rounded to PostgreSQL's `real` (float4), as pg_trgm computes its similarities. */
export const toReal = (value: number): number => Math.fround(value);

/**
 * A `real` as PostgreSQL prints it (and so as JSON carries it): the shortest decimal that reads back as the same
 * float4, e.g. 0.6923077 for 9/13.
 */
export function realAsPrinted(value: number): number {
  const real = Math.fround(value);
  if (!Number.isFinite(real) || real === 0) return real;
  for (let digits = 1; digits <= 9; digits++) {
    const printed = Number(real.toPrecision(digits));
    if (Math.fround(printed) === real) return printed;
  }
  return real;
}

/**
 * `word_similarity(query, text)` over the query's trigram set and the text's positional trigrams (pg_trgm's
 * calc_word_similarity and iterate_word_similarity, non-strict): the greatest similarity between the query's
 * trigrams and the trigrams of a contiguous extent of the text, |common| / (|query| + |extent| - |common|), the
 * extents found by pg_trgm's own greedy scan (which the results must match, not a true maximum over all extents).
 * The text is `trigrams[start..end)` as trigram ids (small integers; equal ids, equal trigrams); `inQuery[id]` is 1
 * for the query's; `lastpos` is scratch space, -1 at every id the text has, and left so (it is reused: a search
 * scores thousands of names).
 */
export function wordSimilarityOf(
  queryCount: number,
  trigrams: Int32Array,
  start: number,
  end: number,
  inQuery: Uint8Array,
  lastpos: Int32Array,
): number {
  if (!queryCount || end <= start) return 0;
  let lower = -1;
  let count = 0;
  let ulen2 = 0;
  let best = 0;
  for (let i = start; i < end; i++) {
    const id = trigrams[i]!;
    const found = inQuery[id] === 1;
    if (lower >= 0 || found) {
      if (lastpos[id]! < 0) {
        ulen2++;
        if (found) count++;
      }
      lastpos[id] = i;
    }
    if (!found) continue;
    const upper = i;
    if (lower === -1) {
      lower = i;
      ulen2 = 1;
    }
    let current = toReal(count / (queryCount + ulen2 - count));
    // Try to move the lower bound up for a greater similarity.
    let tmpCount = count;
    let tmpUlen2 = ulen2;
    const prevLower = lower;
    for (let tmpLower = lower; tmpLower <= upper; tmpLower++) {
      const candidate = toReal(tmpCount / (queryCount + tmpUlen2 - tmpCount));
      if (candidate > current) {
        current = candidate;
        ulen2 = tmpUlen2;
        lower = tmpLower;
        count = tmpCount;
      }
      const tmpId = trigrams[tmpLower]!;
      if (lastpos[tmpId] === tmpLower) {
        tmpUlen2--;
        if (inQuery[tmpId] === 1) tmpCount--;
      }
    }
    if (current > best) best = current;
    // Nothing exceeds 1 (an extent that is exactly the query's trigrams): the rest of the scan cannot change the answer.
    if (best >= 1) break;
    for (let tmpLower = prevLower; tmpLower < lower; tmpLower++) {
      const tmpId = trigrams[tmpLower]!;
      if (lastpos[tmpId] === tmpLower) lastpos[tmpId] = -1;
    }
  }
  for (let i = start; i < end; i++) lastpos[trigrams[i]!] = -1;
  return best;
}

/** `word_similarity(query, text)` of two texts. */
export function wordSimilarity(query: string, text: string): number {
  const querySet = trigramSet(query);
  const ids = new Map<string, number>();
  const textIds = Int32Array.from(positionalTrigrams(text), (trigram) => {
    let id = ids.get(trigram);
    if (id === undefined) ids.set(trigram, (id = ids.size));
    return id;
  });
  const inQuery = new Uint8Array(ids.size);
  for (const [trigram, id] of ids) if (querySet.has(trigram)) inQuery[id] = 1;
  return wordSimilarityOf(querySet.size, textIds, 0, textIds.length, inQuery, new Int32Array(ids.size).fill(-1));
}

/** `similarity(a, b)`: shared trigrams over all distinct trigrams of both. */
export function similarity(a: string, b: string): number {
  const setA = trigramSet(a);
  const setB = trigramSet(b);
  if (!setA.size || !setB.size) return 0;
  let common = 0;
  for (const trigram of setA) if (setB.has(trigram)) common++;
  return toReal(common / (setA.size + setB.size - common));
}
