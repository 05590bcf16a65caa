// The coupon endpoints (getBestPrice, getEnrollment and their polling events) as the Drug Coupons pages of both remotes
// see them in tests: one fake, so the public and signed-in variants are tested against the same answers.
import { DRUG_NOT_FOUND, type BestPriceResult, type PollingEventResponse } from '@healthlink/contracts';
import { serveApi, type ApiHandler, type ApiReply } from '@healthlink/test-support/api-server';

/** What the coupon service prices Atorvastatin at in these tests (both card shapes of the same prices). */
export function buildBestPrice(overrides: Partial<BestPriceResult> = {}): BestPriceResult {
  return {
    medications: [
      {
        names: ['Atorvastatin', 'Lipitor'],
        description: 'A statin that lowers cholesterol.',
        drugs: [
          {
            type: 'Generic',
            name: 'Atorvastatin Calcium 20 MG',
            ndc11: '00093505898',
            pharmacy: 'Harbor Pharmacy',
            bestPrice: { cost: '9.5', estRetailPrice: '14.2' },
          },
          {
            type: 'Brand',
            name: 'Lipitor 20 MG',
            ndc11: '00071015523',
            pharmacy: 'Main Street Pharmacy',
            bestPrice: { cost: '120.1', estRetailPrice: '310' },
          },
        ],
      },
    ],
    priceData: {
      displayName: 'Atorvastatin',
      displayDescription: 'A statin that lowers cholesterol.',
      brandName: 'Lipitor 20 MG',
      brandBestPrice: 'N/A',
      brandEstimatedRetail: '$310.00',
      brandPharmacy: 'Main Street Pharmacy',
      genericName: 'Atorvastatin Calcium 20 MG',
      genericBestPrice: '$9.50',
      genericEstimatedRetail: '$14.20',
      genericPharmacy: 'Harbor Pharmacy',
    },
    asOf: '2026-04-29',
    retailAsOf: '2026-04-22',
    ...overrides,
  };
}

const event = (status: PollingEventResponse['status'], response: unknown): ApiReply => ({
  status: 200,
  body: { status, pollInterval: 10, response },
});

export const CouponEvents = {
  complete: (result: BestPriceResult = buildBestPrice()) => event('complete', result),
  missing: () => event('missing', DRUG_NOT_FOUND),
  failed: () => event('failed', { message: 'Something went wrong, please try again later' }),
  pending: () => event('pending', null),
};

/** getBestPrice answers event `id`; the event is read as `reads` in turn (the last one repeats). */
export function serveCouponSearch(reads: ApiHandler[], { id = 'ev-price', start }: { id?: string; start?: ApiHandler } = {}) {
  let read = 0;
  serveApi({
    'POST /api/rxLink/getBestPrice': start ?? { status: 202, body: { pollingEventID: id } },
    [`GET /api/pollingEvent/${id}`]: (call) => {
      const handler = reads[Math.min(read, reads.length - 1)];
      read += 1;
      return typeof handler === 'function' ? handler(call) : handler;
    },
  });
}

/** getEnrollment answers its event, read as `reply`. */
export function serveEnrollment(status: PollingEventResponse['status'], response: unknown) {
  serveApi({
    'POST /api/rxLink/getEnrollment': { status: 202, body: { pollingEventID: 'ev-enroll' } },
    'GET /api/pollingEvent/ev-enroll': event(status, response),
  });
}
