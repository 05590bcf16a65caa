import { DRUG_NOT_FOUND, NO_DRUG_FOUND, type BestPriceResult, type PollingEventResponse } from '@healthlink/contracts';
import { couponOutcome } from '../api/coupons';

const RESULT: BestPriceResult = {
  medications: [
    {
      names: ['Atorvastatin', 'Lipitor'],
      description: 'A statin.',
      drugs: [
        {
          type: 'Generic',
          name: 'Atorvastatin 20 MG',
          ndc11: '00093505898',
          pharmacy: 'Harbor',
          bestPrice: { cost: '9.50', estRetailPrice: '14.20' },
        },
        {
          type: 'Brand',
          name: 'Lipitor 20 MG',
          ndc11: '00071015523',
          pharmacy: 'Main',
          bestPrice: { cost: null, estRetailPrice: '310.00' },
        },
      ],
    },
  ],
  priceData: {
    displayName: 'Atorvastatin',
    displayDescription: 'A statin.',
    brandName: 'Lipitor 20 MG',
    brandBestPrice: 'N/A',
    brandEstimatedRetail: '$310.00',
    brandPharmacy: 'Main',
    genericName: 'Atorvastatin 20 MG',
    genericBestPrice: '$9.50',
    genericEstimatedRetail: '$14.20',
    genericPharmacy: 'Harbor',
  },
  asOf: '2026-04-29',
  retailAsOf: null,
};

const ended = (status: PollingEventResponse['status'], response: unknown): PollingEventResponse => ({
  status,
  pollInterval: 500,
  response,
});

describe('couponOutcome', () => {
  it('reads the simple card from medications, Brand row first', () => {
    const outcome = couponOutcome(ended('complete', RESULT), 'simple');
    expect(outcome).toEqual({
      kind: 'found',
      found: {
        displayName: 'Atorvastatin',
        brandName: 'Lipitor',
        description: 'A statin.',
        asOf: '2026-04-29',
        retailAsOf: null,
        rows: [
          { type: 'Brand', name: 'Lipitor 20 MG', ndc11: '00071015523', pharmacy: 'Main', estimatedRetail: '310.00', bestPrice: null },
          {
            type: 'Generic',
            name: 'Atorvastatin 20 MG',
            ndc11: '00093505898',
            pharmacy: 'Harbor',
            estimatedRetail: '14.20',
            bestPrice: '9.50',
          },
        ],
      },
    });
  });

  it('reads the Rx Coupons card from priceData', () => {
    const outcome = couponOutcome(ended('complete', RESULT), 'rx');
    expect(outcome.kind === 'found' && outcome.found.rows.map((row) => [row.type, row.pharmacy, row.bestPrice])).toEqual([
      ['Brand', 'Main', 'N/A'],
      ['Generic', 'Harbor', '$9.50'],
    ]);
  });

  it('tells not found, no price data and failures apart', () => {
    expect(couponOutcome(ended('missing', DRUG_NOT_FOUND), 'simple')).toEqual({ kind: 'notFound' });
    expect(couponOutcome(ended('complete', { ...RESULT, medications: [] }), 'simple')).toEqual({ kind: 'notFound' });
    expect(couponOutcome(ended('complete', { ...RESULT, priceData: NO_DRUG_FOUND }), 'rx')).toEqual({ kind: 'notFound' });
    expect(couponOutcome(ended('complete', null), 'rx')).toEqual({ kind: 'noPriceData' });
    expect(couponOutcome(ended('complete', { asOf: '2026-04-29' }), 'rx')).toEqual({ kind: 'noPriceData' });
    expect(couponOutcome(ended('failed', { message: 'x' }), 'simple')).toEqual({ kind: 'failed' });
    expect(couponOutcome(ended('error', 'error'), 'rx')).toEqual({ kind: 'failed' });
  });
});
