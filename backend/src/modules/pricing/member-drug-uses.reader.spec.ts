import type { FillPrice } from '@healthlink/contracts';
import type { DataSource } from 'typeorm';
import { strictMock } from '../../../test/utils/strict-mock';
import type { MedicationListEntry, MedicationListService } from '../health-data';
import {
  MemberDrugUsesReader,
  nadacMonthlyCost,
  planDrugUse,
  type DrugKindFacts,
  type DrugUseRow,
  type DrugUseWindow,
} from './member-drug-uses.reader';
import type { PricesService } from './prices/prices.service';

const WINDOW: DrugUseWindow = { from: '2025-01-01', to: '2025-12-31' };
const NO_FACTS: DrugKindFacts = { rxnorm: new Map(), nadac: new Map() };

const entry = (overrides: Partial<MedicationListEntry> = {}): MedicationListEntry => ({
  key: 'rxcui:312961',
  displayName: 'Simvastatin 20 MG',
  ndc11s: [],
  rxcui: null,
  ingredients: [],
  strength: null,
  doseForm: null,
  sources: [{ kind: 'claim', insurerKey: 'uhc' }],
  firstDate: '2025-01-01',
  lastDate: '2025-01-01',
  latestQuantity: null,
  latestDaysSupply: null,
  prescriptionIds: [],
  ...overrides,
});
let ids = 0;
const row = (date: string | null, overrides: Partial<DrugUseRow> = {}): DrugUseRow => ({
  id: `p${++ids}`,
  sourceKind: 'claim',
  date,
  totalPrice: null,
  daysSupply: null,
  drugNdc: null,
  ...overrides,
});
const price = (dollars: string, priceDate = '2025-11-19'): FillPrice => ({
  name: 'drug',
  ndc11: '00000000000',
  price: dollars,
  formula: '',
  priceDate,
  source: `CMS NADAC, week of ${priceDate}`,
});

describe('planDrugUse', () => {
  it('counts the fills dated in the period, once per day, and their days supplied', () => {
    const plan = planDrugUse(
      entry(),
      [
        row('2024-12-31', { daysSupply: 30 }),
        row('2025-01-05', { daysSupply: 30 }),
        // The same fill as a dispense: one fill.
        row('2025-01-05', { sourceKind: 'medication_dispense', daysSupply: 30 }),
        row('2025-04-05', { sourceKind: 'medication_dispense', daysSupply: 90 }),
        row('2026-01-01', { daysSupply: 30 }),
        row(null, { daysSupply: 30 }),
        row('2025-03-01', { sourceKind: 'medication_request', daysSupply: 90 }),
      ],
      NO_FACTS,
      WINDOW,
    )!;
    expect(plan).toMatchObject({ fills: 2, daysSupplied: 120, assumed: false });
  });

  it('gives a fill that does not say its days the mean of those that do; null days when none says', () => {
    const rows = [row('2025-01-05', { daysSupply: 30 }), row('2025-02-05', { daysSupply: 90 }), row('2025-03-05')];
    expect(planDrugUse(entry(), rows, NO_FACTS, WINDOW)).toMatchObject({ fills: 3, daysSupplied: 180 });
    expect(planDrugUse(entry(), [row('2025-01-05'), row('2025-02-05')], NO_FACTS, WINDOW)).toMatchObject({ fills: 2, daysSupplied: null });
  });

  it('assumes 12 monthly fills for a drug with no fill in the period that the member still takes, and none otherwise', () => {
    const request = row('2025-06-01', { sourceKind: 'medication_request' });
    const manual = row('2025-09-01', { sourceKind: 'manual' });
    for (const current of [request, manual]) {
      expect(planDrugUse(entry(), [row('2023-01-01'), current], NO_FACTS, WINDOW)).toMatchObject({
        fills: 12,
        daysSupplied: 360,
        assumed: true,
      });
    }
    // An old request, a fill long ago, an entry made after the period: not taken in it.
    expect(planDrugUse(entry(), [row('2023-01-01'), row('2024-06-01', { sourceKind: 'medication_request' })], NO_FACTS, WINDOW)).toBeNull();
    expect(planDrugUse(entry(), [row('2026-02-01', { sourceKind: 'manual' })], NO_FACTS, WINDOW)).toBeNull();
  });

  it("costs 30 days from the fills' own total price over their days, from the fills that give both", () => {
    const plan = planDrugUse(
      entry(),
      [
        row('2025-01-05', { totalPrice: 45, daysSupply: 30 }),
        row('2025-03-05', { totalPrice: 120, daysSupply: 90 }),
        row('2025-07-05', { totalPrice: 99 }),
        row('2025-08-05', { daysSupply: 30 }),
      ],
      NO_FACTS,
      WINDOW,
    )!;
    expect(plan.claimsMonthlyCost).toBe(41.25);
    expect(planDrugUse(entry(), [row('2025-01-05', { totalPrice: 0, daysSupply: 30 })], NO_FACTS, WINDOW)!.claimsMonthlyCost).toBeNull();
  });

  it("asks NADAC for the latest fill's quantity and the days it lasts; without a quantity, 30 units for 30 days", () => {
    const simvastatin = entry({ ndc11s: ['00093715310', '16714068302'], rxcui: '312961', latestQuantity: '90', latestDaysSupply: 90 });
    const rows = [row('2025-01-05', { drugNdc: '16714068302' }), row('2024-01-05', { drugNdc: '00093715310' })];
    expect(planDrugUse(simvastatin, rows, NO_FACTS, WINDOW)!.price).toEqual({
      ndc11: '16714068302',
      rxcui: '312961',
      quantity: 90,
      days: 90,
    });
    expect(planDrugUse({ ...simvastatin, latestQuantity: null }, rows, NO_FACTS, WINDOW)!.price).toMatchObject({
      quantity: null,
      days: 30,
    });
    expect(planDrugUse({ ...simvastatin, latestDaysSupply: null }, rows, NO_FACTS, WINDOW)!.price).toMatchObject({
      quantity: 90,
      days: 30,
    });
  });

  it("takes brand or generic from RxNorm, else NADAC's class of the drug's NDC, else of all its NDCs when they agree", () => {
    const facts: DrugKindFacts = {
      rxnorm: new Map([
        ['153165', 'brand'],
        ['312961', 'generic'],
        ['36567', 'unknown'],
      ]),
      nadac: new Map([
        ['00006074031', 'brand'],
        ['00093715310', 'generic'],
        ['16714068302', 'generic'],
      ]),
    };
    const kind = (overrides: Partial<MedicationListEntry>, rows: DrugUseRow[] = [row('2025-01-05')]) =>
      planDrugUse(entry(overrides), rows, facts, WINDOW)!.kind;
    expect(kind({ rxcui: '153165', ndc11s: ['00093715310'] })).toBe('brand');
    expect(kind({ rxcui: '312961' })).toBe('generic');
    expect(kind({ rxcui: '36567', ndc11s: ['00006074031'] }, [row('2025-01-05', { drugNdc: '00006074031' })])).toBe('brand');
    expect(kind({ ndc11s: ['00093715310', '16714068302'] })).toBe('generic');
    expect(kind({ ndc11s: ['00006074031', '00093715310', '99999999999'] }, [row('2025-01-05', { drugNdc: '99999999999' })])).toBe(
      'unknown',
    );
    expect(kind({})).toBe('unknown');
  });
});

describe('nadacMonthlyCost', () => {
  const prices = { brand: price('300.00', '2025-10-01'), generic: price('12.60') };

  it("takes the price of the drug's kind, per 30 days, with the date of its rate", () => {
    expect(nadacMonthlyCost(prices, 'brand', 30)).toEqual({ monthlyCost: 300, priceAsOf: '2025-10-01' });
    expect(nadacMonthlyCost(prices, 'generic', 90)).toEqual({ monthlyCost: 4.2, priceAsOf: '2025-11-19' });
    expect(nadacMonthlyCost(prices, 'unknown', 30)).toEqual({ monthlyCost: 12.6, priceAsOf: '2025-11-19' });
    expect(nadacMonthlyCost({ brand: prices.brand, generic: null }, 'unknown', 30)?.monthlyCost).toBe(300);
  });

  it('never prices a brand at the generic rate, or the reverse', () => {
    expect(nadacMonthlyCost({ brand: null, generic: prices.generic }, 'brand', 30)).toBeNull();
    expect(nadacMonthlyCost({ brand: prices.brand, generic: null }, 'generic', 30)).toBeNull();
  });
});

describe('MemberDrugUsesReader.drugUses', () => {
  let dataSource: jest.Mocked<DataSource>;
  let medicationList: jest.Mocked<MedicationListService>;
  let prices: jest.Mocked<PricesService>;
  let reader: MemberDrugUsesReader;

  beforeEach(() => {
    dataSource = strictMock<DataSource>();
    medicationList = strictMock<MedicationListService>();
    prices = strictMock<PricesService>();
    reader = new MemberDrugUsesReader(dataSource, medicationList, prices);
  });

  it('reads the list, one statement of facts, and prices only the drugs whose fills give no cost, in one call', async () => {
    medicationList.medicationList.mockResolvedValue([
      entry({ displayName: 'Eliquis 5 MG', rxcui: '1364447', prescriptionIds: ['a1', 'a2'] }),
      entry({
        displayName: 'Metformin 500 MG',
        rxcui: '861007',
        ndc11s: ['00093104801'],
        prescriptionIds: ['m1'],
        latestQuantity: '60',
        latestDaysSupply: 30,
      }),
      entry({ displayName: 'Old antibiotic', prescriptionIds: ['o1'] }),
    ]);
    dataSource.query.mockResolvedValue([
      {
        rows: [
          { id: 'a1', sourceKind: 'claim', date: '2025-02-01', totalPrice: '560.00', daysSupply: 30, drugNdc: null },
          { id: 'a2', sourceKind: 'claim', date: '2025-03-01', totalPrice: 560, daysSupply: 30, drugNdc: null },
          { id: 'm1', sourceKind: 'manual', date: '2025-05-01', totalPrice: null, daysSupply: null, drugNdc: '00093104801' },
          { id: 'o1', sourceKind: 'claim', date: '2022-05-01', totalPrice: 12, daysSupply: 10, drugNdc: null },
        ],
        rxnorm: [
          { rxcui: '1364447', kind: 'brand' },
          { rxcui: '861007', kind: 'generic' },
        ],
        nadac: {},
      },
    ]);
    prices.priceDrugs.mockResolvedValue([{ brand: null, generic: price('4.50') }]);

    const uses = await reader.drugUses('user-1', WINDOW.from, WINDOW.to);

    expect(dataSource.query).toHaveBeenCalledTimes(1);
    expect(dataSource.query.mock.calls[0]![1]).toEqual(['user-1', ['a1', 'a2', 'm1', 'o1'], ['1364447', '861007'], ['00093104801']]);
    expect(prices.priceDrugs).toHaveBeenCalledWith([{ ndc11: '00093104801', rxcui: '861007', quantity: 60 }]);
    expect(uses).toEqual([
      {
        name: 'Eliquis 5 MG',
        rxcui: '1364447',
        kind: 'brand',
        fills: 2,
        daysSupplied: 60,
        monthlyCost: 560,
        priceSource: 'claims',
        priceAsOf: null,
      },
      {
        name: 'Metformin 500 MG',
        rxcui: '861007',
        kind: 'generic',
        fills: 12,
        daysSupplied: 360,
        monthlyCost: 4.5,
        priceSource: 'nadac',
        priceAsOf: '2025-11-19',
      },
    ]);
  });

  it('answers an empty list without reading anything else, and an unpriced drug as unpriced', async () => {
    medicationList.medicationList.mockResolvedValueOnce([]);
    expect(await reader.drugUses('user-1', WINDOW.from, WINDOW.to)).toEqual([]);
    expect(dataSource.query).not.toHaveBeenCalled();

    medicationList.medicationList.mockResolvedValueOnce([entry({ prescriptionIds: ['x'] })]);
    dataSource.query.mockResolvedValue([
      {
        rows: [{ id: 'x', sourceKind: 'claim', date: '2025-02-01', totalPrice: null, daysSupply: 30, drugNdc: null }],
        rxnorm: [],
        nadac: {},
      },
    ]);
    prices.priceDrugs.mockResolvedValue([{ brand: null, generic: null }]);
    expect(await reader.drugUses('user-1', WINDOW.from, WINDOW.to)).toEqual([
      expect.objectContaining({ kind: 'unknown', fills: 1, daysSupplied: 30, monthlyCost: null, priceSource: null, priceAsOf: null }),
    ]);
  });
});
