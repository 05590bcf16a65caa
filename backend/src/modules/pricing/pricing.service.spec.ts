import { strictMock } from '../../../test/utils/strict-mock';
import type { MedicationListEntry, MedicationListService } from '../health-data';
import type { InteractionListsService } from './interaction-lists.service';
import { PricingService } from './pricing.service';
import { INTERACTIONS_SOURCE } from './reference-data/reference-files';

const MAJOR = { a: '21212', b: '36567', level: 'major' as const };
const listed = (overrides: Partial<{ interactions: (typeof MAJOR)[]; interactionsAsOf: string | null }> = {}) => ({
  interactions: [MAJOR],
  interactionsAsOf: '2014-04-04',
  ...overrides,
});

/** An entry of the member's medication list (health-data's medicationList). */
const entry = (displayName: string, ingredients: [rxcui: string, name: string][], overrides: Partial<MedicationListEntry> = {}) => ({
  key: `test:${displayName}`,
  displayName,
  ndc11s: [],
  rxcui: null,
  ingredients: ingredients.map(([rxcui, name]) => ({ rxcui, name })),
  strength: null,
  doseForm: null,
  sources: [{ kind: 'claim' as const, insurerKey: 'uhc' }],
  firstDate: '2025-01-01',
  lastDate: '2025-01-01',
  latestQuantity: null,
  latestDaysSupply: null,
  prescriptionIds: ['p1'],
  ...overrides,
});

describe('PricingService.drugInteractions', () => {
  let lists: jest.Mocked<InteractionListsService>;
  let medicationList: jest.Mocked<MedicationListService>;
  let service: PricingService;

  beforeEach(() => {
    lists = strictMock<InteractionListsService>();
    medicationList = strictMock<MedicationListService>();
    service = new PricingService(lists, medicationList);
  });

  it("checks every pair of the member's medication list by ingredient, named as the list names them", async () => {
    medicationList.medicationList.mockResolvedValue([
      entry('Clarithromycin 500mg', [['21212', 'clarithromycin']], { ndc11s: ['00054003721'], rxcui: '197517' }),
      // Coded in RxNorm only (a MedicationRequest): checked all the same.
      entry('simvastatin 20 MG Oral Tablet', [['36567', 'simvastatin']], { rxcui: '312961' }),
    ]);
    lists.among.mockResolvedValue(listed());

    expect(await service.drugInteractions('user-1')).toEqual({
      interactions: [{ drug_a: 'Clarithromycin 500mg', drug_b: 'simvastatin 20 MG Oral Tablet', level: 'major' }],
      asOf: '2014-04-04',
      source: INTERACTIONS_SOURCE,
      unchecked: [],
    });
    expect(medicationList.medicationList).toHaveBeenCalledWith('user-1');
    expect(lists.among).toHaveBeenCalledWith(['21212', '36567']);
  });

  it('lists as unchecked the drugs whose ingredients the reference tables do not give', async () => {
    medicationList.medicationList.mockResolvedValue([
      entry('Fish oil', []),
      entry('NDC 99999999999', [], { ndc11s: ['99999999999'] }),
      entry('Simvastatin', [['36567', 'simvastatin']]),
    ]);
    lists.among.mockResolvedValue(listed({ interactions: [] }));

    const answer = await service.drugInteractions('user-1');
    expect(answer.interactions).toEqual([]);
    expect(answer.unchecked).toEqual(['Fish oil', 'NDC 99999999999']);
    expect(lists.among).toHaveBeenCalledWith(['36567']);
  });

  it('answers an empty list, with the lists date, for a member without drugs', async () => {
    medicationList.medicationList.mockResolvedValue([]);
    lists.among.mockResolvedValue(listed({ interactions: [] }));
    expect(await service.drugInteractions('user-1')).toEqual({
      interactions: [],
      asOf: '2014-04-04',
      source: INTERACTIONS_SOURCE,
      unchecked: [],
    });
  });

  it('does not list a drug as unchecked when another entry was identified under the same name', async () => {
    medicationList.medicationList.mockResolvedValue([entry('Simvastatin', [['36567', 'simvastatin']]), entry('simvastatin', [])]);
    lists.among.mockResolvedValue(listed({ interactions: [] }));
    expect((await service.drugInteractions('user-1')).unchecked).toEqual([]);
  });

  it('fails (a 500) rather than answer "no interactions" when the interaction lists are not loaded', async () => {
    medicationList.medicationList.mockResolvedValue([entry('Simvastatin', [['36567', 'simvastatin']])]);
    lists.among.mockResolvedValue(listed({ interactions: [], interactionsAsOf: null }));
    await expect(service.drugInteractions('user-1')).rejects.toThrow('the drug interaction lists are not loaded');
  });
});
