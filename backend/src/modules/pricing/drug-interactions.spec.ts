import { pairInteractions, type IdentifiedDrug, type ListedInteraction } from './drug-interactions';

// Ingredient RxCUIs as in RxNorm.
const SIMVASTATIN = '36567';
const CLARITHROMYCIN = '21212';
const EZETIMIBE = '341248';
const WARFARIN = '11289';
const DEXAMETHASONE = '3264';

const drug = (name: string, ...ingredientRxcuis: string[]): IdentifiedDrug => ({ name, ingredientRxcuis });
const listed = (a: string, b: string, level: ListedInteraction['level']): ListedInteraction => ({ a, b, level });

describe('pairInteractions', () => {
  it('answers a listed pair with both drug names and its level', () => {
    expect(
      pairInteractions(
        [drug('Simvastatin 20 MG', SIMVASTATIN), drug('Clarithromycin 500 MG', CLARITHROMYCIN)],
        [listed(CLARITHROMYCIN, SIMVASTATIN, 'major')],
      ),
    ).toEqual([{ drug_a: 'Clarithromycin 500 MG', drug_b: 'Simvastatin 20 MG', level: 'major' }]);
  });

  it('answers nothing for fewer than two drugs, or drugs no list pairs', () => {
    expect(pairInteractions([], [])).toEqual([]);
    expect(pairInteractions([drug('Simvastatin', SIMVASTATIN)], [listed(CLARITHROMYCIN, SIMVASTATIN, 'major')])).toEqual([]);
    expect(
      pairInteractions([drug('Simvastatin', SIMVASTATIN), drug('Warfarin', WARFARIN)], [listed(CLARITHROMYCIN, SIMVASTATIN, 'major')]),
    ).toEqual([]);
  });

  it('names an ingredient after its most recent drug, so refills and brand/generic count once', () => {
    const drugs = [
      drug('Zocor 40 MG', SIMVASTATIN),
      drug('Clarithromycin 500 MG', CLARITHROMYCIN),
      drug('simvastatin 20 MG Oral Tablet', SIMVASTATIN),
    ];
    expect(pairInteractions(drugs, [listed(CLARITHROMYCIN, SIMVASTATIN, 'major')])).toEqual([
      { drug_a: 'Clarithromycin 500 MG', drug_b: 'Zocor 40 MG', level: 'major' },
    ]);
  });

  it('does not pair two ingredients of one combination product, and keeps the most severe level per pair of names', () => {
    const drugs = [drug('Vytorin 10/20', EZETIMIBE, SIMVASTATIN), drug('Clarithromycin', CLARITHROMYCIN)];
    const pairs = pairInteractions(drugs, [
      listed(EZETIMIBE, SIMVASTATIN, 'major'),
      listed(CLARITHROMYCIN, EZETIMIBE, 'moderate'),
      listed(CLARITHROMYCIN, SIMVASTATIN, 'major'),
    ]);
    expect(pairs).toEqual([{ drug_a: 'Clarithromycin', drug_b: 'Vytorin 10/20', level: 'major' }]);
  });

  it('treats two drugs of the same name in another case as one', () => {
    expect(
      pairInteractions([drug('WARFARIN', WARFARIN), drug('warfarin', DEXAMETHASONE)], [listed(DEXAMETHASONE, WARFARIN, 'moderate')]),
    ).toEqual([]);
  });

  it('orders the most severe first, then by names', () => {
    const drugs = [
      drug('Warfarin', WARFARIN),
      drug('Dexamethasone', DEXAMETHASONE),
      drug('Simvastatin', SIMVASTATIN),
      drug('Clarithromycin', CLARITHROMYCIN),
    ];
    expect(
      pairInteractions(drugs, [
        listed(DEXAMETHASONE, WARFARIN, 'moderate'),
        listed(CLARITHROMYCIN, SIMVASTATIN, 'major'),
        listed(CLARITHROMYCIN, DEXAMETHASONE, 'minor'),
      ]),
    ).toEqual([
      { drug_a: 'Clarithromycin', drug_b: 'Simvastatin', level: 'major' },
      { drug_a: 'Dexamethasone', drug_b: 'Warfarin', level: 'moderate' },
      { drug_a: 'Clarithromycin', drug_b: 'Dexamethasone', level: 'minor' },
    ]);
  });
});
