import { http, HttpResponse } from 'msw';
import type { ExplanationOfBenefitsPage, HealthServiceEntry } from '@healthlink/contracts';
import { server } from '@healthlink/test-support/api-server';

// The error log is the same fake for every widget; re-exported so the widget's tests import one fake.
export { serveErrorLog } from '@healthlink/test-support/api-server';

let sequence = 0;

/** A claim as GET /api/explanationOfBenefits answers it. */
export function buildClaim(overrides: Partial<HealthServiceEntry> = {}): HealthServiceEntry {
  sequence += 1;
  return {
    id: `claim-${sequence}`,
    date: '2024-01-01',
    type: 'professional',
    status: 'active',
    outcome: 'complete',
    payment_amount: '100.00',
    rendering_provider: 'Dr. Lee',
    insurer: 'blueButtonSandbox',
    diagnoses: [{ id: `dx-${sequence}`, diagnosis_code: 'E11.9', diagnosis_display: `Condition ${sequence}` }],
    procedures: [{ id: `px-${sequence}`, procedure_code: '99213', procedure_date: '2024-01-01', procedure_display: 'Office visit' }],
    ...overrides,
  };
}

/** `count` claims, "Visit 01" the oldest, one a month from January 2020, so newest first is known. */
export function buildClaims(count: number): HealthServiceEntry[] {
  return Array.from({ length: count }, (_, index) => {
    const date = new Date(Date.UTC(2020, index, 1)).toISOString().slice(0, 10);
    const name = `Visit ${String(index + 1).padStart(2, '0')}`;
    return buildClaim({
      id: `visit-${index + 1}`,
      date,
      diagnoses: [{ id: `dx-v${index + 1}`, diagnosis_code: `Z00.${index}`, diagnosis_display: name }],
    });
  });
}

export interface HealthHistoryRequest {
  limit: string | null;
  cursor: string | null;
  search: string | null;
  serviceID: string | null;
}

const searchable = (claim: HealthServiceEntry) =>
  [
    claim.date,
    claim.status,
    claim.payment_amount,
    claim.type,
    claim.outcome,
    claim.rendering_provider,
    ...claim.diagnoses.flatMap((d) => [d.diagnosis_code, d.diagnosis_display]),
    ...claim.procedures.flatMap((p) => [p.procedure_code, p.procedure_date, p.procedure_display]),
  ]
    .filter(Boolean)
    .join('\n')
    .toLowerCase();

/**
 * GET /api/explanationOfBenefits as the contract says: newest first, `search` as a case-insensitive substring of
 * the claim's fields, `limit` rows from the opaque `cursor`; `serviceID` answers the pages up to and including
 * the one holding that claim, 404 for an unknown one. Returns the queries it was asked, in order.
 */
export function serveHealthHistory(
  claims: HealthServiceEntry[],
  { failWith }: { failWith?: (request: HealthHistoryRequest) => number | null } = {},
) {
  const requests: HealthHistoryRequest[] = [];
  server.use(
    http.get('/api/explanationOfBenefits', ({ request }) => {
      const params = new URL(request.url).searchParams;
      const asked = {
        limit: params.get('limit'),
        cursor: params.get('cursor'),
        search: params.get('search'),
        serviceID: params.get('serviceID'),
      };
      requests.push(asked);
      const status = failWith?.(asked);
      if (status) return HttpResponse.json({ code: 'INTERNAL.UNEXPECTED', message: 'Something failed' }, { status });
      const needle = asked.search?.toLowerCase();
      const matching = [...claims]
        .sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
        .filter((claim) => !needle || searchable(claim).includes(needle));
      const limit = Number(asked.limit ?? 20);
      const start = asked.cursor ? Number(atob(asked.cursor)) : 0;
      let end = start + limit;
      if (asked.serviceID) {
        const at = matching.findIndex((claim) => claim.id === asked.serviceID);
        if (at < 0) return HttpResponse.json({ code: 'HEALTH_DATA.CLAIM_NOT_FOUND', message: 'Claim not found' }, { status: 404 });
        end = Math.max(end, (Math.floor(at / limit) + 1) * limit);
      }
      const page: ExplanationOfBenefitsPage = {
        EOB: matching.slice(start, end),
        nextCursor: end < matching.length ? btoa(String(end)) : null,
        total: matching.length,
        asOf: matching.length ? '2025-01-01T00:00:00.000Z' : null,
      };
      return HttpResponse.json(page);
    }),
  );
  return requests;
}
