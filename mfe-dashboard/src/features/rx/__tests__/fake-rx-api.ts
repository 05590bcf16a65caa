import { http, HttpResponse } from 'msw';
import type { DrugInteraction, RxHistoryRow, RxHistorySort, UserDrugsPage } from '@healthlink/contracts';
import { server } from '@healthlink/test-support/api-server';

// The error log is the same fake for every widget; re-exported so the widget's tests import one fake.
export { serveErrorLog } from '@healthlink/test-support/api-server';

let sequence = 0;

/** A prescription as GET /api/userDrugs answers it, not yet priced (the drugs-and-prices issue adds prices). */
export function buildRxRow(overrides: Partial<RxHistoryRow> = {}): RxHistoryRow {
  sequence += 1;
  return {
    id: `rx-${sequence}`,
    drug_name: `Drug ${sequence}`,
    drug_ndc: String(10_000_000_000 + sequence),
    date_prescribed: '2024-01-01',
    provider: 'Dr. Rivera',
    patient_paid: '10.00',
    insurer_paid: '40.00',
    total_price: '50.00',
    insurer: 'blueButtonSandbox',
    brandDrugBP: null,
    genericDrugBP: null,
    bestPriceBrandSource: null,
    bestPriceGenericSource: null,
    brandDrugName: null,
    genericDrugName: null,
    brandSavings: null,
    genericSavings: null,
    priceDate: null,
    priceFormula: null,
    ...overrides,
  };
}

/** `count` prescriptions named "Drug 01"... one a month from January 2020, so the order by date is known. */
export function buildRxHistory(count: number): RxHistoryRow[] {
  return Array.from({ length: count }, (_, index) => {
    const month = new Date(Date.UTC(2020, index, 1)).toISOString().slice(0, 10);
    return buildRxRow({ drug_name: `Drug ${String(index + 1).padStart(2, '0')}`, date_prescribed: month });
  });
}

export interface RxHistoryRequest {
  limit: string | null;
  cursor: string | null;
  sort: string | null;
}

/**
 * GET /api/userDrugs as the backend answers it: `limit` rows from the opaque `cursor`, by date prescribed in
 * `sort` order. Returns the queries it was asked, in order.
 */
export function serveRxHistory(rows: RxHistoryRow[], { failWith }: { failWith?: (request: RxHistoryRequest) => number | null } = {}) {
  const requests: RxHistoryRequest[] = [];
  server.use(
    http.get('/api/userDrugs', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const asked = { limit: params.get('limit'), cursor: params.get('cursor'), sort: params.get('sort') };
      requests.push(asked);
      const status = failWith?.(asked);
      if (status) return HttpResponse.json({ code: 'INTERNAL.UNEXPECTED', message: 'Something failed' }, { status });
      const sort = (asked.sort ?? 'newest') as RxHistorySort;
      const ordered = [...rows].sort((a, b) => (a.date_prescribed ?? '').localeCompare(b.date_prescribed ?? ''));
      if (sort === 'newest') ordered.reverse();
      const start = asked.cursor ? Number(atob(asked.cursor)) : 0;
      const limit = Number(asked.limit ?? 20);
      const end = start + limit;
      const page: UserDrugsPage = {
        queryRes: ordered.slice(start, end),
        nextCursor: end < ordered.length ? btoa(String(end)) : null,
        total: ordered.length,
        asOf: ordered.length ? '2025-01-01T00:00:00.000Z' : null,
      };
      return HttpResponse.json(page);
    }),
  );
  return requests;
}

export const INTERACTIONS_SOURCE = 'the ONC drug-drug interaction lists';

/** GET /api/drugInteractions answering `interactions` (and `unchecked`), or failing with `status`. */
export function serveInteractions(interactions: DrugInteraction[] | { status: number }, unchecked: string[] = []) {
  let calls = 0;
  server.use(
    http.get('/api/drugInteractions', () => {
      calls += 1;
      return Array.isArray(interactions)
        ? HttpResponse.json({ interactions, asOf: '2014-04-04', source: INTERACTIONS_SOURCE, unchecked })
        : HttpResponse.json({ code: 'INTERNAL.UNEXPECTED', message: 'Something failed' }, { status: interactions.status });
    }),
  );
  return { calls: () => calls };
}
