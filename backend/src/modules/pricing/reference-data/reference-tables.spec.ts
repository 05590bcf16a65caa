import type { ReferenceSources } from './reference-files';
import { buildReferenceTables, type ReferenceTable } from './reference-tables';

const empty = (): ReferenceSources => ({ packages: [], rxnormNdcs: [], concepts: [], drugs: [], rxnav: [], interactions: [] });
const pkg = (packageNdc: string, ndc11: string, rxcui: string | null) => ({
  ndc11,
  packageNdc,
  productNdc: packageNdc.split('-').slice(0, 2).join('-'),
  rxcui,
});
const drug = (rxcui: string, ingredientRxcuis: string[], more: Partial<ReferenceSources['drugs'][number]> = {}) => ({
  rxcui,
  genericRxcui: null,
  brandName: null,
  strength: null,
  doseForm: null,
  ingredientRxcuis,
  ...more,
});

function rowsOf(tables: ReferenceTable[], table: string): Record<string, unknown>[] {
  const found = tables.find((t) => t.table === table)!;
  return found.rows.map((row) => Object.fromEntries(found.columns.map((column, i) => [column, row[i]])));
}

describe('buildReferenceTables', () => {
  it('takes ingredients from RxNorm 2025, else RxNav 2020, for the 2025 RxCUI, then for the 2020 one', () => {
    const sources = empty();
    sources.rxnormNdcs = [
      { ndc11: '00000000001', rxcui: '100' }, // 2025 drug with ingredients
      { ndc11: '00000000002', rxcui: '200' }, // 2025 drug without (the "A" gap): RxNav 2020 knows 200
      { ndc11: '00000000003', rxcui: '300' }, // unknown to both: falls back to the package's 2020 RxCUI 400
      { ndc11: '00000000005', rxcui: '500' }, // known nowhere: an RxCUI without ingredients
    ];
    sources.packages = [
      pkg('0000-0000-03', '00000000003', '400'),
      pkg('0000-0000-04', '00000000004', '400'),
      pkg('0000-0000-06', '00000000006', null),
    ];
    sources.drugs = [drug('100', ['11', '12']), drug('200', []), drug('400', ['41'])];
    sources.rxnav = [{ rxcui: '200', ingredientRxcui: '21', ingredientName: 'atenolol' }];
    sources.concepts = [
      { rxcui: '11', tty: 'IN', name: 'zinc' },
      { rxcui: '12', tty: 'IN', name: 'biotin' },
      { rxcui: '41', tty: 'IN', name: 'warfarin' },
      { rxcui: '100', tty: 'SCD', name: 'biotin / zinc Oral Tablet' },
    ];

    const tables = buildReferenceTables(sources);
    expect(rowsOf(tables, 'ndc_drugs')).toEqual([
      { ndc11: '00000000001', rxcui: '100', rxcui_release: '2025-10-06', ingredient_rxcuis: ['12', '11'] },
      { ndc11: '00000000002', rxcui: '200', rxcui_release: '2025-10-06', ingredient_rxcuis: ['21'] },
      { ndc11: '00000000003', rxcui: '300', rxcui_release: '2025-10-06', ingredient_rxcuis: ['41'] },
      { ndc11: '00000000005', rxcui: '500', rxcui_release: '2025-10-06', ingredient_rxcuis: [] },
      { ndc11: '00000000004', rxcui: '400', rxcui_release: '2020-06-17', ingredient_rxcuis: ['41'] },
    ]);
    // The 2020 ingredient 2025 lacks joins the concepts, marked with its release.
    expect(rowsOf(tables, 'rxnorm_concepts')).toContainEqual({ rxcui: '21', tty: 'IN', name: 'atenolol', release: '2020-06-17' });
    expect(rowsOf(tables, 'rxnorm_concepts')).toContainEqual({
      rxcui: '100',
      tty: 'SCD',
      name: 'biotin / zinc Oral Tablet',
      release: '2025-10-06',
    });
  });

  it('names each FDA product after the RxCUI most of its packages have', () => {
    const sources = empty();
    sources.packages = [
      pkg('1111-2222-01', '01111222201', '7'),
      pkg('1111-2222-02', '01111222202', '8'),
      pkg('1111-2222-03', '01111222203', '8'),
    ];
    sources.drugs = [drug('8', ['81'], { brandName: 'Zocor', strength: '20 MG', doseForm: 'Oral Tablet' })];
    sources.concepts = [
      { rxcui: '8', tty: 'SBD', name: 'simvastatin 20 MG Oral Tablet [Zocor]' },
      { rxcui: '81', tty: 'IN', name: 'simvastatin' },
    ];
    expect(rowsOf(buildReferenceTables(sources), 'ndc_products')).toEqual([
      {
        product_ndc: '1111-2222',
        labeler_code: '1111',
        rxcui: '8',
        drug_name: 'simvastatin 20 MG Oral Tablet [Zocor]',
        brand_name: 'Zocor',
        ingredient_names: 'simvastatin',
        strength: '20 MG',
        dose_form: 'Oral Tablet',
        package_count: 3,
      },
    ]);
  });

  it('keeps one row per interacting pair, the most severe', () => {
    const sources = empty();
    sources.interactions = [
      { a: '1', b: '2', level: 'moderate', nameA: 'x', nameB: 'y' },
      { a: '1', b: '2', level: 'major', nameA: 'x', nameB: 'y' },
      { a: '1', b: '3', level: 'moderate', nameA: 'x', nameB: 'z' },
    ];
    expect(
      rowsOf(buildReferenceTables(sources), 'drug_interactions').map((row) => [row.ingredient_a_rxcui, row.ingredient_b_rxcui, row.level]),
    ).toEqual([
      ['1', '2', 'major'],
      ['1', '3', 'moderate'],
    ]);
  });

  it('refuses an NDC listed twice in one file', () => {
    const sources = empty();
    sources.rxnormNdcs = [
      { ndc11: '00000000001', rxcui: '1' },
      { ndc11: '00000000001', rxcui: '2' },
    ];
    expect(() => buildReferenceTables(sources)).toThrow('rxnorm-ndcs_2025-10-06.csv.gz: NDC 00000000001 appears twice');
  });
});
