import { useEffect, useSyncExternalStore } from 'react';
import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { renderPage } from '@healthlink/test-support/render-page';
import { callsTo } from '@healthlink/test-support/api-server';
import type { FetchStatus, WidgetProps } from '../../../components/widget/widget-types';
import { DASHBOARD_FETCH_FAILED, shouldAnnounceFailure, type FetchStatuses } from '../hooks/useFetchTracking';
import { DashboardPage } from '../routes/DashboardPage';
import { CURRENT_PLAN_FAILED } from '../components/CurrentPlanCard';
import { buildLink, buildPeriod, buildPlan, serveErrorLog, servePlan, serveSpending } from './fake-dashboard-api';

type Widget = 'rxHistory' | 'healthHistory' | 'medicalTips';

/** The widgets' statuses, set by the test as their fetches would settle. */
function statusStore(initial: Record<Widget, FetchStatus>) {
  let statuses = initial;
  const listeners = new Set<() => void>();
  return {
    set(name: Widget, status: FetchStatus) {
      statuses = { ...statuses, [name]: status };
      act(() => listeners.forEach((listener) => listener()));
    },
    widget(name: Widget) {
      return function StoreWidget({ onStatus }: WidgetProps) {
        const status = useSyncExternalStore(
          (listener) => {
            listeners.add(listener);
            return () => listeners.delete(listener);
          },
          () => statuses[name],
        );
        useEffect(() => onStatus?.(status), [status, onStatus]);
        return <p>{status}</p>;
      };
    },
  };
}

const toasts = () => screen.queryAllByText(DASHBOARD_FETCH_FAILED);

function renderWith(store: ReturnType<typeof statusStore>) {
  return renderPage(
    <DashboardPage
      RxHistory={store.widget('rxHistory')}
      HealthHistory={store.widget('healthHistory')}
      MedicalTips={store.widget('medicalTips')}
      firstName="Ada"
      insurerLinks={[buildLink()]}
    />,
    '/app/dashboard',
  );
}

// The page and its lazy chunk render slowly on a loaded two-core machine; the waits inside are what is tested.
jest.setTimeout(20_000);

describe('dashboard fetch tracking (part 2 §4)', () => {
  beforeEach(() => {
    act(() => toast.remove());
    serveErrorLog();
    servePlan({ body: buildPlan() });
    serveSpending({ month: { body: { by: 'month', periods: [buildPeriod('2025-04')], asOf: null } } });
  });

  it('waits until nothing is pending, then shows one toast, once only', async () => {
    const store = statusStore({ rxHistory: 'pending', healthHistory: 'pending', medicalTips: 'success' });
    renderWith(store);
    await screen.findByText('Sunrise Medicare Advantage');
    store.set('rxHistory', 'failed');
    // Health History is still pending: no toast yet.
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toasts()).toHaveLength(0);

    store.set('healthHistory', 'success');
    expect(await screen.findByText(DASHBOARD_FETCH_FAILED)).toBeInTheDocument();
    expect(toasts()).toHaveLength(1);

    // Another failure later (a retry that fails again) shows no second toast, even after the first has gone.
    act(() => toast.remove());
    store.set('rxHistory', 'pending');
    store.set('healthHistory', 'failed');
    store.set('rxHistory', 'failed');
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toasts()).toHaveLength(0);
  });

  it('hears the Medical Tips section: its failure, once nothing is pending, is the one toast', async () => {
    const store = statusStore({ rxHistory: 'success', healthHistory: 'success', medicalTips: 'pending' });
    renderWith(store);
    await screen.findByText('Sunrise Medicare Advantage');
    await screen.findByRole('button', { name: 'Show as table' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toasts()).toHaveLength(0);
    store.set('medicalTips', 'failed');
    expect(await screen.findByText(DASHBOARD_FETCH_FAILED)).toBeInTheDocument();
    expect(toasts()).toHaveLength(1);
  });

  it('shows no toast when every fetch succeeds', async () => {
    const store = statusStore({ rxHistory: 'pending', healthHistory: 'pending', medicalTips: 'success' });
    renderWith(store);
    store.set('rxHistory', 'success');
    store.set('healthHistory', 'success');
    await screen.findByText('Sunrise Medicare Advantage');
    await screen.findByRole('button', { name: 'Show as table' });
    await act(async () => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(toasts()).toHaveLength(0);
  });

  it('a failed spending read is one toast too; the other sections keep working, and the failure is logged', async () => {
    serveSpending({ month: { fail: 500 } });
    const store = statusStore({ rxHistory: 'success', healthHistory: 'success', medicalTips: 'success' });
    renderWith(store);
    expect(await screen.findByText(DASHBOARD_FETCH_FAILED)).toBeInTheDocument();
    expect(toasts()).toHaveLength(1);
    const spending = within(screen.getByRole('region', { name: 'Where your money went' }));
    expect(spending.getByText('Something went wrong with fetching your spending. Please try again later.')).toBeInTheDocument();
    expect(screen.getByText('Sunrise Medicare Advantage')).toBeInTheDocument();
    await waitFor(() => expect(callsTo('POST /api/errors/log')).toHaveLength(1));
    expect(callsTo('POST /api/errors/log')[0]?.body).toMatchObject({
      errorType: 'SPENDING_FETCH_ERROR',
      host: 'frontend-prod/localhost',
      errorDetails: { endpoint: '/api/spending', status: 500 },
    });
  });

  it('a failed current plan read shows its message and the one toast', async () => {
    servePlan({ fail: 503 });
    const store = statusStore({ rxHistory: 'success', healthHistory: 'success', medicalTips: 'success' });
    renderWith(store);
    expect(await screen.findByText(CURRENT_PLAN_FAILED)).toBeInTheDocument();
    expect(await screen.findByText(DASHBOARD_FETCH_FAILED)).toBeInTheDocument();
    expect(toasts()).toHaveLength(1);
  });
});

describe('shouldAnnounceFailure', () => {
  const all = (status: FetchStatus): FetchStatuses => ({
    planRanks: status,
    healthHistory: status,
    rxHistory: status,
    rxInteractions: status,
    clinicalTrials: status,
    medicalTips: status,
    currentPlan: status,
    spending: status,
  });
  it.each<[string, FetchStatuses, boolean]>([
    ['all pending', all('pending'), false],
    ['all success', all('success'), false],
    ['one failed, one pending', { ...all('success'), rxHistory: 'failed', medicalTips: 'pending' }, false],
    ['one failed, none pending', { ...all('success'), rxHistory: 'failed' }, true],
    ['all failed', all('failed'), true],
  ])('%s', (_name, statuses, expected) => {
    expect(shouldAnnounceFailure(statuses)).toBe(expected);
  });
});
