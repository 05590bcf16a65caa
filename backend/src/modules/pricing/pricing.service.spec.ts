import { strictMock } from '../../../test/utils/strict-mock';
import type { DrugsAndInteractions, NdcDrug, PricingRepository } from './pricing.repository';
import { PricingService } from './pricing.service';
import { INTERACTIONS_SOURCE } from './reference-data/reference-files';

const simvastatin: NdcDrug = {
  ndc11: '00615799330',
  rxcui: '312961',
  rxnormName: 'simvastatin 20 MG Oral Tablet',
  ingredients: [{ rxcui: '36567', name: 'simvastatin' }],
};
const clarithromycin: NdcDrug = {
  ndc11: '00054003721',
  rxcui: '197517',
  rxnormName: null,
  ingredients: [{ rxcui: '21212', name: 'clarithromycin' }],
};
const MAJOR = { a: '21212', b: '36567', level: 'major' as const };
const found = (drugs: NdcDrug[], overrides: Partial<DrugsAndInteractions> = {}): DrugsAndInteractions => ({
  drugs,
  interactions: [MAJOR],
  interactionsAsOf: '2014-04-04',
  ...overrides,
});

describe('PricingService.drugInteractions', () => {
  let repository: jest.Mocked<PricingRepository>;
  let service: PricingService;

  beforeEach(() => {
    repository = strictMock<PricingRepository>();
    service = new PricingService(repository);
  });

  it('identifies each drug by its NDC in any stored form, and names it as the member knows it', async () => {
    repository.medications.mockResolvedValue([
      { drugNdc: '0615799330', drugName: null },
      { drugNdc: '00054-0037-21', drugName: ' Clarithromycin 500mg ' },
    ]);
    repository.drugsAndInteractions.mockResolvedValue(found([clarithromycin, simvastatin]));

    expect(await service.drugInteractions('user-1')).toEqual({
      interactions: [{ drug_a: 'Clarithromycin 500mg', drug_b: 'simvastatin 20 MG Oral Tablet', level: 'major' }],
      asOf: '2014-04-04',
      source: INTERACTIONS_SOURCE,
      unchecked: [],
    });
    expect(repository.medications).toHaveBeenCalledWith('user-1');
    // Ten bare digits are looked up in their three forms, once each.
    expect(repository.drugsAndInteractions).toHaveBeenCalledWith(['00615799330', '06157099330', '06157993300', '00054003721']);
  });

  it('lists as unchecked a drug with no NDC, a malformed or unknown one, or ten digits two known NDCs share', async () => {
    const twin: NdcDrug = { ...clarithromycin, ndc11: '06157099330' };
    repository.medications.mockResolvedValue([
      { drugNdc: null, drugName: 'Fish oil' },
      { drugNdc: '12-34', drugName: 'Mystery cream' },
      { drugNdc: '99999999999', drugName: null },
      { drugNdc: '0615799330', drugName: 'Ambiguous tablets' },
      { drugNdc: null, drugName: null },
    ]);
    repository.drugsAndInteractions.mockResolvedValue(found([simvastatin, twin]));

    const answer = await service.drugInteractions('user-1');
    expect(answer.interactions).toEqual([]);
    expect(answer.unchecked).toEqual(['Fish oil', 'Mystery cream', 'NDC 99999999999', 'Ambiguous tablets']);
  });

  it('names a drug without a name of its own from its ingredients when RxNorm has no name for it', async () => {
    repository.medications.mockResolvedValue([
      { drugNdc: '00054003721', drugName: '' },
      { drugNdc: '00615799330', drugName: 'Simvastatin' },
    ]);
    repository.drugsAndInteractions.mockResolvedValue(found([clarithromycin, simvastatin]));
    expect((await service.drugInteractions('user-1')).interactions).toEqual([
      { drug_a: 'clarithromycin', drug_b: 'Simvastatin', level: 'major' },
    ]);
  });

  it('answers an empty list, with the lists date, for a member without drugs', async () => {
    repository.medications.mockResolvedValue([]);
    repository.drugsAndInteractions.mockResolvedValue(found([], { interactions: [] }));
    expect(await service.drugInteractions('user-1')).toEqual({
      interactions: [],
      asOf: '2014-04-04',
      source: INTERACTIONS_SOURCE,
      unchecked: [],
    });
  });

  it('does not list a drug as unchecked when another of its rows was identified under the same name', async () => {
    repository.medications.mockResolvedValue([
      { drugNdc: '00615799330', drugName: 'Simvastatin' },
      { drugNdc: null, drugName: 'simvastatin' },
    ]);
    repository.drugsAndInteractions.mockResolvedValue(found([simvastatin]));
    expect((await service.drugInteractions('user-1')).unchecked).toEqual([]);
  });
});
