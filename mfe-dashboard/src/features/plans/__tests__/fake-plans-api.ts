import { http, HttpResponse } from 'msw';
import {
  PLAN_RANKS_PATHS,
  type PlanBenefitsResponse,
  type PlanEstimate,
  type PlanRankRow,
  type PlanRanksMissing,
  type PlanRanksResult,
  type PlanSearchResponse,
  type PollingEventResponse,
  type PollingStatus,
} from '@healthlink/contracts';
import { formatMoney } from '@healthlink/web-drugs';
import { server } from '@healthlink/test-support/api-server';

export { serveErrorLog } from '@healthlink/test-support/api-server';

const money = (value: number) => formatMoney(value).replace(/^\$0$/, '$0.00');

/**
 * A rank row as the engine builds it: the 16 columns of the spec from a yearly total split into premiums, medical
 * and drug costs, monthly columns = yearly / 12 rounded.
 */
export function buildRow(
  rank: number,
  { total = 1000 * rank, name = `Plan ${String(rank).padStart(2, '0')}`, netImpact = -420, starRating = 4 as number | null } = {},
): PlanRankRow {
  const bidId = `H${String(1000 + rank).padStart(4, '0')}_${String(rank).padStart(3, '0')}_0`;
  const premium = Math.round(total * 0.2 * 100) / 100;
  const medical = Math.round(total * 0.5 * 100) / 100;
  const pharmacy = Math.round((total - premium - medical) * 100) / 100;
  const monthly = (yearly: number) => money(Math.round((yearly / 12) * 100) / 100);
  const columns = [
    bidId,
    name,
    'Sunrise Health',
    'HMO',
    'In-network',
    money(total),
    money(premium),
    money(premium / 24),
    money(premium / 24),
    money(medical),
    money(pharmacy),
    monthly(premium),
    monthly(medical),
    monthly(pharmacy),
    '$0.00',
    '$120.00',
    netImpact === null ? '' : `${netImpact < 0 ? '-' : ''}${money(Math.abs(netImpact))}`,
  ];
  return { bidId, columns, netImpact, rank, starRating, category: 'MA-PD' };
}

export const buildRows = (count: number): PlanRankRow[] => Array.from({ length: count }, (_, index) => buildRow(index + 1));

export function buildResult(rows: PlanRankRow[], overrides: Partial<PlanRanksResult> = {}): PlanRanksResult {
  // Two groups, as the spec's `result[]` has them: the web concatenates their rows.
  const half = Math.ceil(rows.length / 2);
  return {
    result: [
      { Key: 'MA-PD', Value: { rows: rows.slice(0, half) } },
      { Key: 'PDP', Value: { rows: rows.slice(half) } },
    ],
    place: { zip: '02139', state: 'MA', county: 'Middlesex County', source: 'profile', otherCounties: [] },
    currentPlan: { name: 'Sunrise HMO Gold', bidId: null, yearlyCost: '$4,200.00', basis: 'actual-payments' },
    inputs: { from: '2024-11-01', to: '2025-10-31', claims: 14, claimsSkipped: 1, drugs: 3, drugsUnpriced: 0 },
    dataAsOf: '2025-10-01',
    priceAsOf: '2025-09-15',
    computedAt: '2025-11-20T10:00:00.000Z',
    excluded: { specialNeeds: 3, noCostDetails: 0 },
    ...overrides,
  };
}

export interface RanksEnd {
  status: PollingStatus;
  response: PlanRanksResult | PlanRanksMissing | { message: string } | null;
}

export const complete = (rows: PlanRankRow[], overrides: Partial<PlanRanksResult> = {}): RanksEnd => ({
  status: 'complete',
  response: buildResult(rows, overrides),
});

export interface ServeRanksOptions {
  /** How many times each event answers `pending` before it ends. */
  pendingPolls?: number;
  /** The start call fails with this HTTP status. */
  startStatus?: number;
  /** The end of the n-th start (1-based); `end` for the others. */
  endFor?: (start: number) => RanksEnd;
  /** The start call answers only once this settles (to look at the page while it is in flight). */
  gate?: Promise<unknown>;
}

/** The calls the plans feature made, in order, as "METHOD path" (polls left out). */
export const planCalls: string[] = [];

/**
 * GET getAllPlanRanks answering a new pollingEventID each time, GET /api/pollingEvent/{id} answering `pending`
 * `pendingPolls` times, then the end. Returns how many starts and polls were made. Events it did not start fall
 * through to the handlers served before it (serve it after another feature's fake on a page polling both).
 */
export function serveRanks(end: RanksEnd, { pendingPolls = 0, startStatus, endFor, gate }: ServeRanksOptions = {}) {
  let starts = 0;
  let polls = 0;
  const events = new Map<string, { polls: number; end: RanksEnd }>();
  server.use(
    http.get(PLAN_RANKS_PATHS.getAllPlanRanks, async () => {
      await gate;
      starts += 1;
      planCalls.push(`GET ${PLAN_RANKS_PATHS.getAllPlanRanks}`);
      if (startStatus) return HttpResponse.json({ code: 'INTERNAL.UNEXPECTED', message: 'Something failed' }, { status: startStatus });
      const id = `ranks-${starts}`;
      events.set(id, { polls: 0, end: endFor ? endFor(starts) : end });
      return HttpResponse.json({ pollingEventID: id }, { status: 202 });
    }),
    http.get('/api/pollingEvent/:id', ({ params }) => {
      polls += 1;
      const event = events.get(String(params.id));
      // Another feature's event (the dashboard polls several): left to its own fake.
      if (!event) return undefined;
      event.polls += 1;
      const body: PollingEventResponse =
        event.polls <= pendingPolls ? { status: 'pending', pollInterval: 10, response: null } : { ...event.end, pollInterval: 10 };
      return HttpResponse.json(body);
    }),
  );
  return { starts: () => starts, polls: () => polls };
}

/** POST createContact and reTriggerPlanRanks; the bodies createContact received. */
export function serveContact({ createStatus = 201, createBody }: { createStatus?: number; createBody?: unknown } = {}) {
  const contacts: unknown[] = [];
  server.use(
    http.post(PLAN_RANKS_PATHS.createContact, async ({ request }) => {
      planCalls.push(`POST ${PLAN_RANKS_PATHS.createContact}`);
      contacts.push(await request.json());
      return HttpResponse.json(createBody ?? { message: 'Contact created' }, { status: createStatus });
    }),
    http.post(PLAN_RANKS_PATHS.reTriggerPlanRanks, () => {
      planCalls.push(`POST ${PLAN_RANKS_PATHS.reTriggerPlanRanks}`);
      return HttpResponse.json({ message: 'Ranking started' }, { status: 202 });
    }),
  );
  return contacts;
}

export function buildEstimate(overrides: Partial<PlanEstimate> = {}): PlanEstimate {
  return {
    bidId: 'H1001_001_0',
    planName: 'Plan 01',
    carrier: 'Sunrise Health',
    planType: 'HMO',
    premiums: { total: '$16.67', medical: '$8.33', pharmacy: '$8.34', partBReduction: '$0.00', yearly: '$200.00' },
    medical: {
      lines: [
        {
          label: 'Primary doctor visit',
          planText: 'In-network: $5 copay | Out-of-network: 50% coinsurance',
          calculation: '4 visits x $5 copay',
          amount: '$20.00',
          count: 4,
        },
      ],
      subtotal: '$9,020.00',
      moop: '$4,900.00',
      capped: true,
      total: '$4,900.00',
    },
    pharmacy: {
      lines: [
        {
          label: 'Tier 1 (Preferred Generic)',
          planText: '$0 copay',
          calculation: '12 fills x $0 copay',
          amount: '$0.00',
          count: 12,
        },
      ],
      deductible: '$0.00',
      total: '$300.00',
      tiersEstimated: true,
    },
    msaDeposit: '$0.00',
    total: '$5,400.00',
    supplementalValue: '$120.00',
    supplementalItems: ['Dental', 'Vision'],
    starRating: 4,
    netImpact: '-$420.00',
    caveats: ['We cannot know whether your doctors are in this plan’s network.'],
    dataAsOf: '2025-10-01',
    sourceUrl: 'https://www.medicare.gov/plan-compare/#/plan-details/2026-H1001-001-0',
    ...overrides,
  };
}

export function buildBenefits(overrides: Partial<PlanBenefitsResponse> = {}): PlanBenefitsResponse {
  return {
    enhancedBenefits: {
      pbp_b14c_bendesc_ehc: [
        { name: 'Hearing aids - prescription', value: 'In-network: $499-$999 copay', flags: ['limits_apply'] },
        { name: 'Dental - preventive', value: '$0 copay', flags: [] },
      ],
    },
    rideshareBenefits: { pbp_b10b_bendesc_mt_pal_d: '24 one-way trips to plan-approved locations every year' },
    sections: [],
    dataAsOf: '2025-10-01',
    sourceUrl: null,
    ...overrides,
  };
}

/** A search end: the event's status and its response (the search's status and table). */
export function serveSearch(path: string, end: { status: PollingStatus; response: PlanSearchResponse | null }) {
  const bodies: unknown[] = [];
  server.use(
    http.post(path, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ pollingEventID: `search-${bodies.length}` }, { status: 202 });
    }),
    http.get('/api/pollingEvent/:id', ({ params }) =>
      String(params.id).startsWith('search-') ? HttpResponse.json({ ...end, pollInterval: 10 }) : undefined,
    ),
  );
  return bodies;
}
