import { foldMedicationList, ndcCandidatesOf, type ListReference, type ListRow } from './medication-list';

let sequence = 0;
const row = (overrides: Partial<ListRow>): ListRow => ({
  id: `p${++sequence}`,
  insurerKey: 'uhc',
  sourceKind: 'claim',
  drugName: null,
  drugNdc: null,
  rxcui: null,
  datePrescribed: '2025-01-01',
  quantity: null,
  daysSupply: null,
  updatedAt: new Date('2026-01-01T00:00:00Z'),
  ...overrides,
});

const SIMVASTATIN = '36567';
const reference: ListReference = {
  ndcs: [
    { ndc11: '00006074031', rxcui: '104491', ingredientRxcuis: [SIMVASTATIN] },
    // Two known readings of the ten digits 0615799330 would make it ambiguous; only one is known here.
    { ndc11: '00615799330', rxcui: '312961', ingredientRxcuis: [SIMVASTATIN] },
    { ndc11: '01111102222', rxcui: '900001', ingredientRxcuis: ['1'] },
    { ndc11: '11111002222', rxcui: '900002', ingredientRxcuis: ['2'] },
  ],
  drugs: [
    {
      rxcui: '104491',
      genericRxcui: '312961',
      brandName: 'Zocor',
      strength: '20 MG',
      doseForm: 'Oral Tablet',
      ingredientRxcuis: [SIMVASTATIN],
    },
    { rxcui: '312961', genericRxcui: null, brandName: null, strength: '20 MG', doseForm: 'Oral Tablet', ingredientRxcuis: [SIMVASTATIN] },
    {
      rxcui: '152923',
      genericRxcui: '198211',
      brandName: 'Zocor',
      strength: '40 MG',
      doseForm: 'Oral Tablet',
      ingredientRxcuis: [SIMVASTATIN],
    },
    // RxNorm knows the drug but not its strength or ingredients (rows like this exist in the 2025 copy).
    { rxcui: '1000005', genericRxcui: '1000001', brandName: 'Tribenzor', strength: null, doseForm: null, ingredientRxcuis: null },
  ],
  rxcuiIngredients: [{ rxcui: '313782', ingredientRxcuis: ['161'] }],
  names: { [SIMVASTATIN]: 'simvastatin', '312961': 'simvastatin 20 MG Oral Tablet', '161': 'acetaminophen', '1000005': 'Tribenzor' },
};

describe('the medication list fold', () => {
  it('folds brand and generic of one ingredient and strength, whatever code each row gives', () => {
    const [entry, ...rest] = foldMedicationList(
      [
        row({ sourceKind: 'claim', drugNdc: '00006074031', drugName: 'ZOCOR 20MG TAB', datePrescribed: '2025-02-01' }),
        row({ sourceKind: 'medication_request', rxcui: '312961', drugName: 'simvastatin 20 MG Oral Tablet', datePrescribed: '2025-01-15' }),
        row({ sourceKind: 'manual', insurerKey: 'manual', drugName: 'Simvastatin', drugNdc: '0615799330', datePrescribed: '2024-12-01' }),
      ],
      reference,
    );
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({
      key: `ingredients:${SIMVASTATIN}|20 MG`,
      displayName: 'ZOCOR 20MG TAB',
      ndc11s: ['00006074031', '00615799330'],
      rxcui: '104491',
      ingredients: [{ rxcui: SIMVASTATIN, name: 'simvastatin' }],
      strength: '20 MG',
      doseForm: 'Oral Tablet',
      sources: [
        { kind: 'claim', insurerKey: 'uhc' },
        { kind: 'medication_request', insurerKey: 'uhc' },
        { kind: 'manual', insurerKey: null },
      ],
      firstDate: '2024-12-01',
      lastDate: '2025-02-01',
    });
  });

  it('keeps two strengths apart', () => {
    const entries = foldMedicationList(
      [row({ rxcui: '312961', datePrescribed: '2025-01-01' }), row({ rxcui: '152923', datePrescribed: '2024-01-01' })],
      reference,
    );
    expect(entries.map((e) => [e.key, e.displayName])).toEqual([
      [`ingredients:${SIMVASTATIN}|20 MG`, 'simvastatin 20 MG Oral Tablet'],
      [`ingredients:${SIMVASTATIN}|40 MG`, 'simvastatin 40 MG'],
    ]);
  });

  it('resolves ten bare digits only to the one NDC the tables know, never guessing between two', () => {
    // 1111102222 may be 01111102222 (4-4-2), 11111002222 (5-3-2) or 11111022202 (5-4-1): two of those are known.
    const entries = foldMedicationList([row({ drugNdc: '0615799330' }), row({ drugNdc: '1111102222', drugName: 'Twin' })], reference);
    expect(entries.map((e) => [e.key, e.ndc11s, e.rxcui])).toEqual([
      [`ingredients:${SIMVASTATIN}|20 MG`, ['00615799330'], '312961'],
      ['ndc:1111102222', [], null],
    ]);
    expect(ndcCandidatesOf('1111102222')).toEqual(['01111102222', '11111002222', '11111022202']);
    expect(ndcCandidatesOf('12-34')).toEqual([]);
  });

  it('folds by RxCUI where RxNorm gives no strength, by NDC where it knows no drug, else by name; skips rows with neither', () => {
    const entries = foldMedicationList(
      [
        row({ rxcui: '1000005', drugName: null, datePrescribed: '2025-05-01' }),
        row({ rxcui: '313782', drugName: 'Acetaminophen 325 MG Oral Tablet', datePrescribed: '2025-04-01' }),
        row({ drugNdc: '99999000101', drugName: null, datePrescribed: '2025-03-01' }),
        row({ drugName: 'Fish  Oil', datePrescribed: '2025-02-01' }),
        row({ drugName: 'fish oil', datePrescribed: '2025-01-01' }),
        row({ drugName: '  ', datePrescribed: '2025-06-01' }),
      ],
      reference,
    );
    expect(entries.map((e) => [e.key, e.displayName, e.ingredients.map((i) => i.name)])).toEqual([
      ['rxcui:1000001', 'Tribenzor', []],
      // RxNorm's drug table lacks it; the NDC directory gives its ingredient.
      ['rxcui:313782', 'Acetaminophen 325 MG Oral Tablet', ['acetaminophen']],
      ['ndc:99999000101', 'NDC 99999000101', []],
      ['name:fish oil', 'Fish  Oil', []],
    ]);
  });

  it('gives the quantity and days supply of one row: the latest fill, not a later request', () => {
    const [entry] = foldMedicationList(
      [
        row({ sourceKind: 'medication_request', rxcui: '312961', datePrescribed: '2025-03-01', quantity: '90', daysSupply: 90 }),
        row({ sourceKind: 'claim', rxcui: '312961', datePrescribed: '2025-02-01', quantity: '30', daysSupply: null }),
        row({ sourceKind: 'medication_dispense', rxcui: '312961', datePrescribed: '2025-01-01', quantity: '60', daysSupply: 60 }),
      ],
      reference,
    );
    expect([entry!.latestQuantity, entry!.latestDaysSupply]).toEqual(['30', null]);
    const [requested] = foldMedicationList(
      [row({ sourceKind: 'medication_request', rxcui: '312961', quantity: '90', daysSupply: 90 })],
      reference,
    );
    expect([requested!.latestQuantity, requested!.latestDaysSupply]).toEqual(['90', 90]);
  });

  it('orders entries by their latest date, undated last, then by name', () => {
    const entries = foldMedicationList(
      [
        row({ drugName: 'b', datePrescribed: null }),
        row({ drugName: 'Zeta', datePrescribed: '2025-01-01' }),
        row({ drugName: 'alpha', datePrescribed: '2025-01-01' }),
        row({ drugName: 'a', datePrescribed: '2026-01-01' }),
      ],
      reference,
    );
    expect(entries.map((e) => e.displayName)).toEqual(['a', 'alpha', 'Zeta', 'b']);
  });
});
