import type { DrugLookupResponse, DrugMatch, DrugPricing, FillPrice, LookedUpDrug } from '@healthlink/contracts';

// What POST /api/drugLookup answers in the drug-lookup tests of both remotes (the visitor's Drug Lookup and the
// member's drug entry): Lipitor and its generic, priced from the NADAC file of 2026-04-22.

/** A name search's candidate: Lipitor 20 mg by default. */
export function buildDrugMatch(overrides: Partial<DrugMatch> = {}): DrugMatch {
  return {
    proprietaryName: 'Lipitor',
    drugName: 'atorvastatin calcium',
    strength: '20',
    unit: 'mg/1',
    dosageForm: 'TABLET, FILM COATED',
    nonProprietaryName: 'atorvastatin calcium',
    ndc: '00071015523',
    rxcui: '617310',
    ...overrides,
  };
}

const LIPITOR_FILL: FillPrice = {
  name: 'Lipitor 20 MG Oral Tablet',
  ndc11: '00071015523',
  price: '310.5',
  formula: '30 EA x $9.98 NADAC + $10.50 dispensing fee',
  priceDate: '2026-04-22',
  source: 'nadac-weekly',
};

const ATORVASTATIN_FILL: FillPrice = {
  name: 'Atorvastatin Calcium 20 MG Oral Tablet',
  ndc11: '00093505898',
  price: '11.85',
  formula: '30 EA x $0.04512 NADAC + $10.50 dispensing fee',
  priceDate: '2026-04-22',
  source: 'nadac-weekly',
};

/** Brand $310.50 and generic $11.85 a fill, for a member who paid $45 (so $33.15 to save) unless overridden. */
export function buildDrugPricing(overrides: Partial<DrugPricing> = {}): DrugPricing {
  return { brand: { ...LIPITOR_FILL }, generic: { ...ATORVASTATIN_FILL }, patientPaid: '45.00', savings: '33.15', ...overrides };
}

/** The answer to a name search: its candidates, no prices. */
export function buildMatchesFound(matches: DrugMatch[] = [buildDrugMatch()]): DrugLookupResponse {
  return { error: false, message: 'Matches found', matches, pricing: null };
}

/** The answer naming one drug (an NDC, or a name with one match) with its prices: the generic by default. */
export function buildDrugFound(drug: Partial<LookedUpDrug> = {}, pricing: Partial<DrugPricing> = {}): DrugLookupResponse {
  return {
    error: false,
    message: 'Drug found',
    drug: { drug_name: ATORVASTATIN_FILL.name, drug_ndc: ATORVASTATIN_FILL.ndc11, drug_rxcui: '617310', ...drug },
    pricing: buildDrugPricing(pricing),
  };
}
