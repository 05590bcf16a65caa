import { PricingTexts, type RxHistoryRow, type UserDrugsPage } from '@healthlink/contracts';
import { strictMock } from '../../../test/utils/strict-mock';
import type { RateLimiter } from '../auth';
import type { HealthDataService, ManualPrescriptionsService } from '../health-data';
import { DrugsService } from './drugs.service';
import type { PricingRepository } from './pricing.repository';
import type { PricesService } from './prices/prices.service';

const FORM = { drugName: 'Simvastatin', drugDosage: '20 mg', drugForm: 'TABLET' as const, patientPaid: '40' };
const GENERIC = {
  name: 'simvastatin 20 MG Oral Tablet',
  ndc11: '00615799330',
  price: '11.70',
  formula: '30 EA x ...',
  priceDate: '2026-04-22',
  source: 'CMS NADAC, week of 2026-04-29',
};

describe('DrugsService', () => {
  let prices: jest.Mocked<PricesService>;
  let healthData: jest.Mocked<HealthDataService>;
  let manual: jest.Mocked<ManualPrescriptionsService>;
  let limiter: jest.Mocked<RateLimiter>;
  let repository: jest.Mocked<PricingRepository>;
  let service: DrugsService;

  beforeEach(() => {
    prices = strictMock<PricesService>();
    healthData = strictMock<HealthDataService>();
    manual = strictMock<ManualPrescriptionsService>();
    limiter = strictMock<RateLimiter>();
    repository = strictMock<PricingRepository>();
    limiter.consume.mockResolvedValue();
    service = new DrugsService(prices, healthData, manual, limiter, repository);
  });

  it("answers a name search before Nest's pipeline only with the lookup DTO's own fields, leaving any other body to the pipe", async () => {
    prices.searchDrugs.mockResolvedValue(Object.freeze([]));
    for (const field of ['drugName', 'drugDosage', 'drugForm', 'patientPaid']) {
      const body: Record<string, unknown> = { ...FORM };
      delete body[field];
      // Without a required field the contract's rules fail: the pipe's 400 answers it, not the fast path.
      expect(await service.lookupByName(body, '203.0.113.1')).toBeUndefined();
    }
    expect(JSON.parse((await service.lookupByName({ ...FORM, ndc: '' }, '203.0.113.1'))!)).toMatchObject({ error: true });
    // The manual entry's rxcui is AddUserDrugRequestDto's, not the lookup's: the whitelist refuses it, so must this.
    expect(await service.lookupByName({ ...FORM, rxcui: '617310' }, '203.0.113.1')).toBeUndefined();
    expect(await service.lookupByName({ ...FORM, extra: 1 }, '203.0.113.1')).toBeUndefined();
  });

  it('offers both drugs as matches when ten bare digits could be two known NDCs', async () => {
    prices.knownNdcs.mockResolvedValue([
      { ndc11: '00615799330', rxcui: '312961', name: 'simvastatin 20 MG Oral Tablet' },
      { ndc11: '06157099330', rxcui: null, name: null },
    ]);
    const answer = await service.lookup({ ...FORM, ndc: '0615799330' }, '203.0.113.1');
    expect(prices.knownNdcs).toHaveBeenCalledWith(['00615799330', '06157099330', '06157993300']);
    expect(answer).toMatchObject({
      error: false,
      pricing: null,
      matches: [{ ndc: '00615799330' }, { ndc: '06157099330', drugName: 'NDC 06157099330' }],
    });
    expect(limiter.consume).toHaveBeenCalledWith(expect.objectContaining({ name: 'drug-lookup-ip' }), '203.0.113.1');
  });

  it('answers the drug, its prices and the saving on what was paid; "No medication information found" for an unknown NDC', async () => {
    prices.knownNdcs.mockResolvedValueOnce([{ ndc11: '00615799330', rxcui: '312961', name: 'simvastatin 20 MG Oral Tablet' }]);
    prices.priceDrugs.mockResolvedValue([{ brand: null, generic: GENERIC }]);
    expect(await service.lookup({ ...FORM, ndc: '0615-7993-30' }, null)).toEqual({
      error: false,
      message: 'Medication found',
      drug: { drug_name: 'simvastatin 20 MG Oral Tablet', drug_ndc: '00615799330', drug_rxcui: '312961' },
      pricing: { brand: null, generic: GENERIC, patientPaid: '40.00', savings: '28.30' },
    });
    expect(prices.priceDrugs).toHaveBeenCalledWith([{ ndc11: '00615799330', rxcui: '312961', quantity: null }]);
    prices.knownNdcs.mockResolvedValueOnce([]);
    expect(await service.lookup({ ...FORM, ndc: '99999-9999-99' }, null)).toEqual({
      error: true,
      message: PricingTexts.lookupNone,
      pricing: null,
    });
  });

  it('saves a manual entry with the NDC the tables know for ten bare digits, or none rather than a guess', async () => {
    manual.add.mockResolvedValue({ id: 'rx-1' });
    prices.knownNdcs.mockResolvedValueOnce([{ ndc11: '00615799330', rxcui: '312961', name: null }]);
    expect(await service.add('user-1', { ...FORM, ndc: '0615799330', rxcui: '312961' })).toEqual({ message: 'Drug added', id: 'rx-1' });
    expect(manual.add).toHaveBeenLastCalledWith('user-1', {
      drugName: 'Simvastatin',
      dosage: '20 mg',
      form: 'TABLET',
      patientPaid: 40,
      ndc11: '00615799330',
      rxcui: '312961',
    });
    prices.knownNdcs.mockResolvedValueOnce([]);
    await service.add('user-1', { ...FORM, ndc: '1234567890' });
    expect(manual.add).toHaveBeenLastCalledWith('user-1', expect.objectContaining({ ndc11: null, rxcui: null }));
  });

  it("prices health-data's page in one call, with each fill's quantity and RxCUI", async () => {
    const row = (id: string, ndc: string | null): RxHistoryRow =>
      ({ id, drug_ndc: ndc, patient_paid: '30.00', brandDrugBP: null, genericDrugBP: null }) as RxHistoryRow;
    const page = { queryRes: [row('a', '00615799330'), row('b', null)], nextCursor: null, total: 2, asOf: null } as UserDrugsPage;
    healthData.userDrugs.mockResolvedValue(page);
    repository.fills.mockResolvedValue(
      new Map([
        ['a', { quantity: 90, rxcui: null }],
        ['b', { quantity: null, rxcui: '312961' }],
      ]),
    );
    prices.priceDrugs.mockResolvedValue([
      { brand: null, generic: GENERIC },
      { brand: null, generic: null },
    ]);
    const answer = await service.userDrugs('user-1', { limit: '2' });
    expect(healthData.userDrugs).toHaveBeenCalledWith('user-1', { limit: '2' });
    expect(prices.priceDrugs).toHaveBeenCalledWith([
      { ndc11: '00615799330', rxcui: null, quantity: 90 },
      { ndc11: null, rxcui: '312961', quantity: null },
    ]);
    expect(answer.queryRes[0]).toMatchObject({
      genericDrugBP: '11.70',
      genericDrugName: 'simvastatin 20 MG Oral Tablet',
      bestPriceGenericSource: 'CMS NADAC, week of 2026-04-29',
      genericSavings: '18.30',
      brandDrugBP: null,
      brandSavings: null,
      priceDate: '2026-04-22',
      priceFormula: 'Generic: 30 EA x ...',
    });
    expect(answer.queryRes[1]).toMatchObject({ genericDrugBP: null, priceDate: null, priceFormula: null });
  });
});
