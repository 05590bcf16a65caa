import { useEffect } from 'react';
import { http, HttpResponse } from 'msw';
import type {
  CurrentPlanWithCostResponse,
  InsurerLinkSummary,
  SpendingGrouping,
  SpendingPeriod,
  SpendingResponse,
} from '@healthlink/contracts';
import { server } from '@healthlink/test-support/api-server';
import type { FetchStatus, WidgetProps } from '../../../components/widget/widget-types';

export function buildPlan(overrides: Partial<CurrentPlanWithCostResponse> = {}): CurrentPlanWithCostResponse {
  return {
    userCurrentPlan: [{ marketing_name: 'Sunrise Medicare Advantage', plan_year: 2025, plan_name: 'Sunrise HMO Gold' }],
    currentPlanCost: { medical: '1234.50', rx: '20.00', total: '1254.50', from: '2025-01-01', to: '2025-12-31' },
    ...overrides,
  };
}

export function buildPeriod(period: string, overrides: Partial<SpendingPeriod> = {}): SpendingPeriod {
  return {
    period,
    patient_paid: '100.00',
    deductible: '40.00',
    copay: '25.00',
    coinsurance: '10.00',
    insurer_paid: '400.00',
    ...overrides,
  };
}

export function buildLink(overrides: Partial<InsurerLinkSummary> = {}): InsurerLinkSummary {
  return {
    insurer: 'blueButtonSandbox',
    name: 'Medicare (Blue Button 2.0) Sandbox',
    status: 'active',
    linkedAt: '2025-04-30T10:00:00Z',
    lastSyncedAt: '2025-05-03T12:00:00Z',
    ...overrides,
  };
}

/** A body to answer with, a failure status, or no answer ever (the fetch stays pending). */
export type Reply<T> = { body: T } | { fail: number } | 'hang';

const respondWith = <T,>(reply: Reply<T>) => {
  if (reply === 'hang') return new Promise<never>(() => undefined);
  if ('fail' in reply) return HttpResponse.json({ code: 'COMMON.INTERNAL', message: 'Internal server error' }, { status: reply.fail });
  return HttpResponse.json(reply.body as object);
};

/** GET /api/spending answers by `by` (month or year); the requested groupings are recorded in `asked`. */
export function serveSpending(byGrouping: Partial<Record<SpendingGrouping, Reply<SpendingResponse>>>, asked: string[] = []): string[] {
  server.use(
    http.get('/api/spending', ({ request }) => {
      const by = new URL(request.url).searchParams.get('by') ?? '';
      asked.push(by);
      const reply = byGrouping[by as SpendingGrouping];
      return reply === undefined
        ? HttpResponse.json({ code: 'REQUEST.VALIDATION', message: 'by must be month or year' }, { status: 400 })
        : respondWith(reply);
    }),
  );
  return asked;
}

export function servePlan(reply: Reply<CurrentPlanWithCostResponse>): void {
  server.use(http.get('/api/currentPlan/getUsersCurrentPlan', () => respondWith(reply)));
}

/** The error log accepts every entry (the shared fake: it also keeps the entries sent). */
export { serveErrorLog } from '@healthlink/test-support/api-server';

/**
 * A stand-in for another feature's widget at the slot the dashboard offers (the real ones have their own tests):
 * it reports `status` and says which variant it was given.
 */
export function fakeWidget(name: string, status: () => FetchStatus) {
  return function FakeWidget({ variant, onStatus }: WidgetProps) {
    const current = status();
    useEffect(() => {
      onStatus?.(current);
    }, [current, onStatus]);
    return (
      <p>
        {name} widget ({variant}): {current}
      </p>
    );
  };
}
