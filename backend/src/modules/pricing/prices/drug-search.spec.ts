import { matchesDosage, matchesForm, nameParts, rankMatches } from './drug-search';
import type { NadacCandidate, RxnormCandidate } from './search-candidates';

const nadac = (description: string, overrides: Partial<NadacCandidate> = {}): NadacCandidate => ({
  description,
  ndc11: '00000000001',
  classification: 'generic',
  rxcui: null,
  brandName: null,
  ingredientNames: null,
  genericDescription: null,
  score: 1,
  viaName: null,
  ...overrides,
});
const rxnorm = (name: string, overrides: Partial<RxnormCandidate> = {}): RxnormCandidate => ({
  rxcui: '1',
  name,
  tty: 'SCD',
  brandName: null,
  strength: null,
  doseForm: null,
  ingredientNames: null,
  ndc11: null,
  score: 1,
  ...overrides,
});

describe('nameParts', () => {
  it('splits a NADAC description into brand, strength, unit and form', () => {
    expect(nameParts('LIPITOR 10 MG TABLET')).toEqual({ lead: 'LIPITOR', strength: '10', unit: 'MG', form: 'TABLET' });
    expect(nameParts('TRANEXAMIC ACID 1,000 MG/10 ML')).toEqual({
      lead: 'TRANEXAMIC ACID',
      strength: '1,000',
      unit: 'MG/10 ML',
      form: null,
    });
    expect(nameParts('AMLODIPINE-ATORVAST 10-10 MG')).toMatchObject({ lead: 'AMLODIPINE-ATORVAST', strength: '10-10', unit: 'MG' });
    expect(nameParts('HYDROGEN PEROXIDE 3% SOLUTION')).toMatchObject({ strength: '3', unit: '%', form: 'SOLUTION' });
    expect(nameParts('SALINE NASAL SPRAY')).toEqual({ lead: 'SALINE NASAL SPRAY', strength: null, unit: null, form: null });
  });
});

describe('matchesDosage and matchesForm', () => {
  it('compares the dosage with the first strength, number by number', () => {
    expect(matchesDosage('ATORVASTATIN 10 MG TABLET', '10 mg')).toBe(true);
    expect(matchesDosage('ATORVASTATIN 10 MG TABLET', '10')).toBe(true);
    expect(matchesDosage('ATORVASTATIN 100 MG TABLET', '10')).toBe(false);
    expect(matchesDosage('atorvastatin 20 MG / ezetimibe 10 MG Oral Tablet', '10 mg')).toBe(false);
    expect(matchesDosage('HYDROCODONE-APAP 10-325 MG TAB', '10 mg')).toBe(true);
    expect(matchesDosage('ATORVASTATIN 10 MG TABLET', '')).toBe(false);
  });

  it("knows each Drug Type's words", () => {
    expect(matchesForm('LIPITOR 10 MG TABLET', 'TABLET')).toBe(true);
    expect(matchesForm('AMOXICILLIN 500 MG CAPSULE', 'TABLET')).toBe(false);
    expect(matchesForm('AMOXICILLIN 250 MG/5 ML SUSP', 'LIQUID')).toBe(true);
    expect(matchesForm('OZEMPIC 2 MG/3 ML PEN', 'INJECTION')).toBe(true);
    expect(matchesForm('anything', null)).toBe(false);
  });
});

describe('rankMatches', () => {
  it('puts the chosen form, then names starting with the query, then the dosage, single drugs and priced ones first', () => {
    const matches = rankMatches('atorvastatin', '20 mg', 'TABLET', {
      nadac: [
        nadac('AMLODIPINE-ATORVAST 10-20 MG', { score: 1 }),
        nadac('ATORVASTATIN 10 MG TABLET'),
        nadac('ATORVASTATIN 20 MG TABLET'),
        nadac('LIPITOR 20 MG TABLET', {
          classification: 'brand',
          viaName: 'ATORVASTATIN 20 MG TABLET',
          genericDescription: 'ATORVASTATIN 20 MG TABLET',
        }),
        nadac('ATORVASTATIN 20 MG/5 ML SUSP', { score: 0.9 }),
      ],
      rxnorm: [rxnorm('atorvastatin 20 MG / ezetimibe 10 MG Oral Tablet', { rxcui: '1422093' })],
    });
    expect(matches.map((match) => match.drugName)).toEqual([
      'ATORVASTATIN 20 MG TABLET',
      'LIPITOR 20 MG TABLET',
      'atorvastatin 20 MG / ezetimibe 10 MG Oral Tablet',
      'ATORVASTATIN 10 MG TABLET',
      // not the form chosen: the name first, then the truncated combination that only sounds like it
      'ATORVASTATIN 20 MG/5 ML SUSP',
      'AMLODIPINE-ATORVAST 10-20 MG',
    ]);
    expect(matches[1]).toEqual({
      proprietaryName: 'LIPITOR',
      drugName: 'LIPITOR 20 MG TABLET',
      strength: '20',
      unit: 'MG',
      dosageForm: 'TABLET',
      nonProprietaryName: 'atorvastatin',
      ndc: '00000000001',
      rxcui: null,
    });
  });

  it('ranks misspellings by similarity, leaves out RxNorm names a NADAC row stands for, and keeps at most 10', () => {
    const matches = rankMatches('simvastatn', '', null, {
      nadac: [nadac('SIMVASTATIN 20 MG TABLET', { rxcui: '312961', score: 0.8 }), nadac('SIMVASTATIN 40 MG TABLET', { score: 0.8 })],
      rxnorm: [
        rxnorm('simvastatin 20 MG Oral Tablet', { rxcui: '312961', score: 0.8 }),
        ...Array.from({ length: 12 }, (_, i) => rxnorm(`simvastatin ${i + 1} MG Oral Thing`, { rxcui: String(100 + i), score: 0.5 })),
      ],
    });
    expect(matches).toHaveLength(10);
    expect(matches.slice(0, 2).map((match) => match.drugName)).toEqual(['SIMVASTATIN 20 MG TABLET', 'SIMVASTATIN 40 MG TABLET']);
    expect(matches.map((match) => match.drugName)).not.toContain('simvastatin 20 MG Oral Tablet');
  });
});
