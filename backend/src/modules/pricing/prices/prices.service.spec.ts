import { strictMock } from '../../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../../common/errors';
import type { NadacRate } from './fill-price';
import type { PriceFacts, PricesRepository } from './prices.repository';
import type { DrugNameIndexService } from './drug-name-index.service';
import { PricesService } from './prices.service';

const rate = (ndc11: string, perUnit: string, overrides: Partial<NadacRate> = {}): NadacRate => ({
  ndc11,
  source: 'nadac-weekly',
  perUnit,
  pricingUnit: 'EA',
  effectiveDate: '2026-04-22',
  classification: 'generic',
  description: null,
  asOf: '2026-04-29',
  rxnormName: null,
  ...overrides,
});
const facts = (overrides: Partial<PriceFacts>): PriceFacts => ({
  ndc11: '00000000001',
  rxcui: null,
  tty: null,
  doseForm: null,
  rxnormName: null,
  brand: [],
  generic: [],
  ...overrides,
});

describe('PricesService.priceDrugs', () => {
  let repository: jest.Mocked<PricesRepository>;
  let errors: jest.Mocked<ErrorRecorder>;
  let service: PricesService;

  beforeEach(() => {
    repository = strictMock<PricesRepository>();
    errors = strictMock<ErrorRecorder>();
    service = new PricesService(repository, errors);
  });

  it('prices the brand and the generic group each at its cheapest NDC, in the unit of the drug asked about', async () => {
    repository.priceFacts.mockResolvedValue([
      facts({
        ndc11: 'g1',
        brand: [rate('b1', '9.72760', { classification: 'brand', rxnormName: 'simvastatin 20 MG Oral Tablet [Zocor]' })],
        generic: [
          rate('g1', '0.03000', { rxnormName: 'simvastatin 20 MG Oral Tablet' }),
          rate('g2', '0.02000', { rxnormName: 'simvastatin 20 MG Oral Tablet' }),
          rate('g3', '0.00100', { pricingUnit: 'ML' }),
        ],
      }),
    ]);
    const [prices] = await service.priceDrugs([{ ndc11: 'g1', rxcui: null, quantity: 60 }]);
    expect(prices).toEqual({
      brand: expect.objectContaining({ ndc11: 'b1', name: 'simvastatin 20 MG Oral Tablet [Zocor]', price: '594.16' }),
      generic: expect.objectContaining({ ndc11: 'g2', price: '11.70' }),
    });
    expect(repository.priceFacts).toHaveBeenCalledWith([{ ndc11: 'g1', rxcui: null, quantity: 60 }]);
  });

  it('uses a 2022 history rate, with its date, only where no current one is usable; per EA for tablets', async () => {
    repository.priceFacts.mockResolvedValue([
      facts({
        ndc11: 'h1',
        doseForm: 'Oral Tablet',
        generic: [rate('h1', '0.04000', { source: 'nadac-history', pricingUnit: null, effectiveDate: '2022-09-01', asOf: '2022-10-01' })],
      }),
      facts({ ndc11: 'h2', doseForm: 'Oral Solution', generic: [rate('h2', '0.04000', { source: 'nadac-history', pricingUnit: null })] }),
    ]);
    const [tablet, solution] = await service.priceDrugs([
      { ndc11: 'h1', rxcui: null, quantity: null },
      { ndc11: 'h2', rxcui: null, quantity: null },
    ]);
    expect(tablet!.generic).toMatchObject({ price: '11.70', priceDate: '2022-09-01', source: expect.stringContaining('history') });
    expect(tablet!.brand).toBeNull();
    // mL with no quantity: nothing can be assumed.
    expect(solution).toEqual({ brand: null, generic: null });
  });

  it('shows invalid price data as null, never $0, and logs each bad row once as DRUG_PRICE_INVALID with the NDC only', async () => {
    errors.record.mockResolvedValue('id');
    const bad = facts({ ndc11: 'x1', generic: [rate('x1', '0')], brand: [rate('x2', 'NaN', { classification: 'brand' })] });
    repository.priceFacts.mockResolvedValue([bad, bad]);
    const prices = await service.priceDrugs([
      { ndc11: 'x1', rxcui: null, quantity: null },
      { ndc11: 'x1', rxcui: null, quantity: 30 },
    ]);
    expect(prices).toEqual([
      { brand: null, generic: null },
      { brand: null, generic: null },
    ]);
    expect(errors.record.mock.calls).toEqual([
      [
        {
          errorType: 'DRUG_PRICE_INVALID',
          errorDetails: { ndc: 'x2', source: 'nadac-weekly', reason: 'per-unit price "NaN" is not a number' },
        },
      ],
      [{ errorType: 'DRUG_PRICE_INVALID', errorDetails: { ndc: 'x1', source: 'nadac-weekly', reason: 'per-unit price is zero' } }],
    ]);

    // Read again: already logged by this process.
    repository.priceFacts.mockResolvedValue([bad]);
    await service.priceDrugs([{ ndc11: 'x1', rxcui: null, quantity: null }]);
    expect(errors.record).toHaveBeenCalledTimes(2);
  });

  it('still answers when the error log cannot be written', async () => {
    errors.record.mockRejectedValue(new Error('database down'));
    repository.priceFacts.mockResolvedValue([facts({ ndc11: 'x3', generic: [rate('x3', '-4')] })]);
    expect(await service.priceDrugs([{ ndc11: 'x3', rxcui: null, quantity: null }])).toEqual([{ brand: null, generic: null }]);
  });
});

describe('PricesService.searchDrugs', () => {
  const lipitor = {
    description: 'LIPITOR 10 MG TABLET',
    ndc11: '58151015577',
    classification: 'brand' as const,
    rxcui: null,
    brandName: null,
    ingredientNames: null,
    genericDescription: 'ATORVASTATIN 10 MG TABLET',
    score: 1,
    viaName: null,
  };

  it('answers from the in-memory index once built, and by SQL before', async () => {
    const repository = strictMock<PricesRepository>();
    const index = { search: jest.fn().mockReturnValue({ nadac: [lipitor], rxnorm: [] }) };
    const holder = { current: null as typeof index | null };
    const service = new PricesService(repository, strictMock<ErrorRecorder>(), holder as unknown as DrugNameIndexService);

    repository.searchCandidates.mockResolvedValue({ nadac: [lipitor], rxnorm: [] });
    const bySql = await service.searchDrugs('  Lipitor ', '', null);
    expect(repository.searchCandidates).toHaveBeenCalledWith('Lipitor', 40);

    holder.current = index;
    const inMemory = await service.searchDrugs('  Lipitor ', '', null);
    expect(index.search).toHaveBeenCalledWith('Lipitor', 40);
    expect(repository.searchCandidates).toHaveBeenCalledTimes(1);
    expect(inMemory).toEqual(bySql);
    expect(inMemory[0]?.drugName).toBe('LIPITOR 10 MG TABLET');
  });

  it('ranks a name, dosage and form once per index: the same search again is the kept answer, a new index ranks anew', async () => {
    const first = { search: jest.fn().mockReturnValue({ nadac: [lipitor], rxnorm: [] }) };
    const holder = { current: first as typeof first };
    const service = new PricesService(
      strictMock<PricesRepository>(),
      strictMock<ErrorRecorder>(),
      holder as unknown as DrugNameIndexService,
    );

    const answer = await service.searchDrugs('Lipitor', '10 mg', 'TABLET');
    expect(Object.isFrozen(answer)).toBe(true); // no caller can change the kept answer
    expect(await service.searchDrugs('Lipitor', '10 mg', 'TABLET')).toBe(answer);
    expect(first.search).toHaveBeenCalledTimes(1);
    await service.searchDrugs('Lipitor', '20 mg', 'TABLET');
    expect(first.search).toHaveBeenCalledTimes(2);

    const rebuilt = { search: jest.fn().mockReturnValue({ nadac: [], rxnorm: [] }) };
    holder.current = rebuilt;
    expect(await service.searchDrugs('Lipitor', '10 mg', 'TABLET')).toEqual([]);
    expect(rebuilt.search).toHaveBeenCalledTimes(1);
  });
});
