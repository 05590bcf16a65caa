import { positionalTrigrams, realAsPrinted, similarity, trigramSet, wordSimilarity } from './trigram';

describe('pg_trgm in TypeScript', () => {
  it("makes pg_trgm's trigrams: lower case, words of letters and digits, two spaces in front and one behind", () => {
    // SELECT show_trgm('Li-2 x') on PostgreSQL 15.
    expect([...trigramSet('Li-2 x')].sort()).toEqual(['  2', '  l', '  x', ' 2 ', ' li', ' x ', 'li ']);
    expect(positionalTrigrams('ab ab')).toEqual(['  a', ' ab', 'ab ', '  a', ' ab', 'ab ']);
    expect(trigramSet(' -- ').size).toBe(0);
  });

  // Each value is PostgreSQL 15's `SELECT word_similarity(a, b)` (the int-spec checks more against the live server).
  it.each([
    ['atorvastatn', 'ATORVASTATIN 10 MG TABLET', 0.8333333],
    ['atorvastatin', 'LIPITOR 10 MG TABLET', 0.07692308],
    ['metformin er', 'METFORMIN HCL ER 500 MG TABLET', 0.7692308],
    ['simvastatin 20 mg', 'SIMVASTATIN 20 MG TABLET', 1],
    ['insulin glargine', 'INSULIN GLARGINE-YFGN 100 UNIT/ML', 1],
    ['warfarin 5', 'WARFARIN SODIUM 5 MG TABLET', 0.8181818],
    ['amox', 'AMOXICILLIN 500 MG CAPSULE', 0.8],
    ['lisinopril', 'lisinopril 10 MG Oral Tablet', 1],
    ['word', 'two words', 0.8],
    ['abc ab', 'xabc ab abcd zab', 1],
  ])('word_similarity(%j, %j) = %d', (query, text, expected) => {
    expect(realAsPrinted(wordSimilarity(query, text))).toBe(expected);
  });

  it('similarity() and empty texts', () => {
    expect(realAsPrinted(similarity('atorvastatn', 'ATORVASTATIN'))).toBe(0.6666667);
    expect(wordSimilarity('', 'ATORVASTATIN')).toBe(0);
    expect(wordSimilarity('zzqx', 'ATORVASTATIN')).toBe(0);
  });

  it('prints a real as PostgreSQL does (shortest float4 round trip)', () => {
    expect(realAsPrinted(9 / 13)).toBe(0.6923077);
    expect(realAsPrinted(1 / 3)).toBe(0.33333334);
    expect(realAsPrinted(0.6)).toBe(0.6);
    expect(realAsPrinted(1)).toBe(1);
  });
});
