import type { PartnerDrug, PartnerOffer, PriceSearch } from './coupon-service.client';
import { formatMoney, toBestPriceResult, toSavingsResult } from './coupon-results';

const offer = (overrides: Partial<PartnerOffer> = {}): PartnerOffer => ({
  description: 'ATORVASTATIN 10 MG TABLET',
  ndc: '00093505610',
  quantity: 30,
  unit: 'EA',
  priceDate: '2026-04-22',
  retailPrice: 17.23,
  prices: [
    { pharmacy: { npi: '1104000017', name: 'Riverside Drug' }, price: 4.71 },
    { pharmacy: { npi: '1003000126', name: 'Maple Street Pharmacy' }, price: 5.38 },
  ],
  ...overrides,
});

const atorvastatin: PartnerDrug = {
  name: 'Atorvastatin',
  brandName: 'Lipitor',
  strength: '10 MG TABLET',
  generic: offer(),
  brand: offer({
    description: 'LIPITOR 10 MG TABLET',
    ndc: '58151015577',
    priceDate: '2026-01-01',
    retailPrice: 537.82,
    prices: [{ pharmacy: { npi: '1306000021', name: 'Harbor Health Pharmacy' }, price: 420.3 }],
  }),
};

const search = (drugs: PartnerDrug[], asOf: string | null = '2026-04-29'): PriceSearch => ({ asOf, drugs, invalid: [] });

describe('formatMoney', () => {
  it('writes dollars with two decimals and thousands separators, N/A for nothing (never $0)', () => {
    expect(formatMoney(12.3)).toBe('$12.30');
    expect(formatMoney(1414.2)).toBe('$1,414.20');
    expect(formatMoney(0)).toBe('$0.00');
    expect(formatMoney(null)).toBe('N/A');
  });
});

describe('toBestPriceResult', () => {
  it('answers both card shapes of the same prices: Brand and Generic rows, best price, retail, pharmacy and dates', () => {
    expect(toBestPriceResult(search([atorvastatin]), '2026-11-26')).toEqual({
      medications: [
        {
          names: ['Atorvastatin', 'Lipitor'],
          description: '10 MG TABLET, 30 EA',
          drugs: [
            {
              type: 'Brand',
              name: 'LIPITOR 10 MG TABLET',
              ndc11: '58151015577',
              pharmacy: 'Harbor Health Pharmacy',
              bestPrice: { cost: '$420.30', estRetailPrice: '$537.82' },
            },
            {
              type: 'Generic',
              name: 'ATORVASTATIN 10 MG TABLET',
              ndc11: '00093505610',
              pharmacy: 'Riverside Drug',
              bestPrice: { cost: '$4.71', estRetailPrice: '$17.23' },
            },
          ],
        },
      ],
      priceData: {
        displayName: 'Atorvastatin',
        displayDescription: '10 MG TABLET, 30 EA',
        brandName: 'Lipitor',
        brandBestPrice: '$420.30',
        brandEstimatedRetail: '$537.82',
        brandPharmacy: 'Harbor Health Pharmacy',
        genericName: 'Atorvastatin',
        genericBestPrice: '$4.71',
        genericEstimatedRetail: '$17.23',
        genericPharmacy: 'Riverside Drug',
      },
      asOf: '2026-04-29',
      // The oldest date behind a retail figure shown.
      retailAsOf: '2026-01-01',
    });
  });

  it('shows N/A for a form the drug does not have, and for prices that were not amounts', () => {
    const genericOnly: PartnerDrug = {
      ...atorvastatin,
      brandName: null,
      brand: null,
      generic: offer({ retailPrice: null, prices: [{ pharmacy: { npi: '1', name: 'Odd' }, price: null }] }),
    };
    const result = toBestPriceResult(search([genericOnly], null), '2026-11-26')!;
    expect(result.medications[0]!.names).toEqual(['Atorvastatin', 'N/A']);
    expect(result.medications[0]!.drugs[0]).toEqual({
      type: 'Brand',
      name: 'N/A',
      ndc11: null,
      pharmacy: null,
      bestPrice: { cost: 'N/A', estRetailPrice: 'N/A' },
    });
    expect(result.medications[0]!.drugs[1]!.bestPrice).toEqual({ cost: 'N/A', estRetailPrice: 'N/A' });
    expect(result.priceData).toMatchObject({
      brandName: 'N/A',
      brandBestPrice: 'N/A',
      brandPharmacy: 'N/A',
      genericBestPrice: 'N/A',
      genericPharmacy: 'N/A',
    });
    // Without the partner's list date: the newest price date; no retail figure: no retail date.
    expect(result.asOf).toBe('2026-04-22');
    expect(result.retailAsOf).toBeNull();
  });

  it('answers null when nothing matched, and at most ten medications otherwise', () => {
    expect(toBestPriceResult(search([]), '2026-11-26')).toBeNull();
    const many = Array.from({ length: 14 }, (_, i) => ({ ...atorvastatin, strength: `${i + 1} MG TABLET` }));
    expect(toBestPriceResult(search(many), '2026-11-26')!.medications).toHaveLength(10);
  });
});

describe('toSavingsResult', () => {
  it('formats the money and keeps the NDCs', () => {
    expect(
      toSavingsResult({
        ndc: '58151015577',
        fdaNdc: '58151-0155-77',
        drugName: 'LIPITOR 10 MG TABLET',
        retailPrice: 537.82,
        bestPrice: 420.3,
        savings: null,
        pharmacy: 'Riverside Drug',
        priceDate: '2026-01-01',
      }),
    ).toEqual({
      ndc: '58151015577',
      fdaNdc: '58151-0155-77',
      drugName: 'LIPITOR 10 MG TABLET',
      retailPrice: '$537.82',
      bestPrice: '$420.30',
      savings: 'N/A',
      pharmacy: 'Riverside Drug',
    });
  });
});
