import { DataSource } from 'typeorm';
import { openTestDataSource } from '../../../../test/utils/test-data-source';
import { strictMock } from '../../../../test/utils/strict-mock';
import type { ErrorRecorder } from '../../../common/errors';
import { ndcCandidates, normalizeNdc } from '../ndc';
import { ReferenceDataRepository } from '../reference-data/reference-data.repository';
import { ReferenceDataService } from '../reference-data/reference-data.service';
import { REFERENCE_DATA_DIR } from '../reference-data/reference-files';
import { PricesRepository } from './prices.repository';
import { PricesService } from './prices.service';

// Real rows of the 2026-04-29 NADAC file: Lipitor 10 MG (brand, its corresponding generic rate $0.02483) and the
// generic atorvastatin 10 MG at that rate; both too new for the 2020 NDC directory, and RxNorm 2025 here lacks
// atorvastatin, so their link is NADAC's own. Simvastatin 20 MG is linked by RxNorm (SCD 312961, Zocor its SBD).
const LIPITOR_10 = '58151015577';
const ATORVASTATIN_10 = '00093505610';

describe('PricesService on the reference tables (PostgreSQL)', () => {
  let dataSource: DataSource;
  let service: PricesService;
  let errors: jest.Mocked<ErrorRecorder>;

  beforeAll(async () => {
    dataSource = await openTestDataSource([]);
    const reference = new ReferenceDataService(new ReferenceDataRepository(dataSource), REFERENCE_DATA_DIR);
    await reference.ensureLoaded();
    await reference.ensureNadacLoaded();
  }, 180_000);
  afterAll(() => dataSource?.destroy());

  beforeEach(() => {
    errors = strictMock<ErrorRecorder>();
    service = new PricesService(new PricesRepository(dataSource), errors);
  });

  it('matches a misspelled name ("atorvastatn") to atorvastatin', async () => {
    const matches = await service.searchDrugs('atorvastatn', '', null);
    expect(matches.length).toBeGreaterThan(0);
    expect(matches[0]!.drugName).toMatch(/^ATORVASTATIN \d+ MG TABLET$/);
  });

  it('answers brand Lipitor beside the generic rows for "Atorvastatin", the dosage and form asked first', async () => {
    const matches = await service.searchDrugs('Atorvastatin', '10 mg', 'TABLET');
    expect(matches.length).toBeLessThanOrEqual(10);
    expect(matches[0]).toEqual({
      proprietaryName: null,
      drugName: 'ATORVASTATIN 10 MG TABLET',
      strength: '10',
      unit: 'MG',
      dosageForm: 'TABLET',
      nonProprietaryName: 'atorvastatin',
      ndc: expect.stringMatching(/^\d{11}$/),
      rxcui: null,
    });
    expect(matches[1]).toMatchObject({ proprietaryName: 'LIPITOR', drugName: 'LIPITOR 10 MG TABLET', nonProprietaryName: 'atorvastatin' });
    const names = matches.map((match) => match.drugName);
    expect(names).toEqual(expect.arrayContaining(['ATORVASTATIN 20 MG TABLET', 'LIPITOR 20 MG TABLET']));
  });

  it('searches the NADAC names through their trigram index, and short names by prefix', async () => {
    // As PricesRepository.searchCandidates runs it: sequential scans off for its transaction.
    const plan = (await dataSource.transaction(async (manager) => {
      await manager.query('SET LOCAL enable_seqscan = off');
      return manager.query(`EXPLAIN SELECT ndc11 FROM nadac_prices p WHERE 'atorvastatn' <% p.description AND p.source = 'nadac-weekly'`);
    })) as { 'QUERY PLAN': string }[];
    expect(plan.map((row) => row['QUERY PLAN']).join('\n')).toContain('idx_nadac_prices_description_trgm');
    const short = await service.searchDrugs('Li', '', null);
    expect(short.length).toBeGreaterThan(0);
    // The names starting so, and the brands of those generics (Zestril for lisinopril).
    expect(short.filter((match) => !/^li/i.test(match.drugName) && !/^li/i.test(match.nonProprietaryName ?? ''))).toEqual([]);
  });

  it('finds the same drug by its NDC printed 4-4-2, 5-3-2, 5-4-1, as 10 digits or 11', async () => {
    // 0615-7993-30 (4-4-2), 10014-001-07 (5-3-2), 10018-8999-1 (5-4-1): FDA package NDCs as printed.
    const cases: [string, string][] = [
      ['0615-7993-30', '00615799330'],
      ['10014-001-07', '10014000107'],
      ['10018-8999-1', '10018899901'],
      ['0615799330', '00615799330'],
      ['00615799330', '00615799330'],
    ];
    for (const [printed, ndc11] of cases) {
      const known = await service.knownNdcs(ndcCandidates(normalizeNdc(printed)));
      expect({ printed, found: known.map((drug) => drug.ndc11) }).toEqual({ printed, found: [ndc11] });
    }
    expect(await service.knownNdcs(['99999999999'])).toEqual([]);
  });

  it('prices brand and generic per fill from NADAC, linked by RxNorm', async () => {
    const [prices] = await service.priceDrugs([{ ndc11: '00615799330', rxcui: null, quantity: null }]);
    expect(prices!.generic).toMatchObject({
      name: 'simvastatin 20 MG Oral Tablet',
      priceDate: expect.stringMatching(/^2026-/),
      source: 'CMS NADAC, week of 2026-04-29',
      formula: expect.stringContaining('30 EA (assumed 30 units'),
    });
    expect(prices!.brand).toMatchObject({ name: 'simvastatin 20 MG Oral Tablet [Zocor]', source: 'CMS NADAC, week of 2026-04-29' });
    expect(Number(prices!.brand!.price)).toBeGreaterThan(Number(prices!.generic!.price));
  });

  it("prices a brand and its generic that RxNorm lacks, by CMS's corresponding generic rate", async () => {
    const [fromBrand, fromGeneric] = await service.priceDrugs([
      { ndc11: LIPITOR_10, rxcui: null, quantity: 90 },
      { ndc11: ATORVASTATIN_10, rxcui: null, quantity: null },
    ]);
    // 90 x $13.40569 + $10.50 = $1,217.01; 90 x $0.02483 + $10.50 = $12.73
    expect(fromBrand).toEqual({
      brand: expect.objectContaining({ name: 'LIPITOR 10 MG TABLET', price: '1217.01', priceDate: '2026-01-01' }),
      generic: expect.objectContaining({ name: 'ATORVASTATIN 10 MG TABLET', price: '12.73', priceDate: '2026-04-22' }),
    });
    expect(fromBrand!.brand!.formula).toBe('90 EA x $13.40569 NADAC per EA (2026-01-01) + $10.50 dispensing fee = $1217.01');
    expect(fromGeneric!.brand).toEqual(expect.objectContaining({ name: 'LIPITOR 10 MG TABLET', price: '412.67' }));
    expect(fromGeneric!.generic).toEqual(expect.objectContaining({ name: 'ATORVASTATIN 10 MG TABLET', price: '11.24' }));
  });

  it('shows a bad price row as no price and logs it once as DRUG_PRICE_INVALID', async () => {
    const ndc11 = `9${String(Date.now()).slice(-10)}`;
    await dataSource.query(
      `INSERT INTO nadac_prices (ndc11, source, per_unit, pricing_unit, effective_date, classification, otc, description, as_of)
       VALUES ($1, 'nadac-weekly', -2.5, 'EA', '2026-04-22', 'generic', false, 'TESTOPRIL 5 MG TABLET', '2026-04-29')`,
      [ndc11],
    );
    try {
      errors.record.mockResolvedValue('logged');
      const [first, again] = await service.priceDrugs([
        { ndc11, rxcui: null, quantity: null },
        { ndc11, rxcui: null, quantity: 60 },
      ]);
      expect(first).toEqual({ brand: null, generic: null });
      expect(again).toEqual({ brand: null, generic: null });
      expect(errors.record).toHaveBeenCalledTimes(1);
      expect(errors.record).toHaveBeenCalledWith({
        errorType: 'DRUG_PRICE_INVALID',
        errorDetails: { ndc: ndc11, source: 'nadac-weekly', reason: 'per-unit price is negative' },
      });
    } finally {
      await dataSource.query(`DELETE FROM nadac_prices WHERE ndc11 = $1`, [ndc11]);
    }
  });
});
