import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { toast } from 'react-hot-toast';
import { TRACKED_FETCHES, type FetchStatus, type TrackedFetch } from '../../../components/widget/widget-types';

/** Part 2 §8: the dashboard's one toast when some of its data could not be fetched. */
export const DASHBOARD_FETCH_FAILED = 'There was an error retrieving some of your data. Please try again later';
export const DASHBOARD_FETCH_TOAST_ID = 'dashboard-fetch-failed';

/** The dashboard's own reads beside the spec's six: they fail into the same single toast. */
export const DASHBOARD_OWN_FETCHES = ['currentPlan', 'spending'] as const;
export type DashboardFetch = TrackedFetch | (typeof DASHBOARD_OWN_FETCHES)[number];
export const DASHBOARD_FETCHES: readonly DashboardFetch[] = [...TRACKED_FETCHES, ...DASHBOARD_OWN_FETCHES];

export type FetchStatuses = Record<DashboardFetch, FetchStatus>;
export type StatusReporters = Record<DashboardFetch, (status: FetchStatus) => void>;

const allPending = (): FetchStatuses => Object.fromEntries(DASHBOARD_FETCHES.map((name) => [name, 'pending'])) as FetchStatuses;

/** Part 2 §4: when none is pending and any failed. */
export function shouldAnnounceFailure(statuses: FetchStatuses): boolean {
  const values = Object.values(statuses);
  return !values.includes('pending') && values.includes('failed');
}

/**
 * Dashboard fetch tracking (part 2 §4): every section reports pending, success or failed through its reporter;
 * once none is pending and any failed, one error toast is shown, once only for the page's life.
 */
export function useFetchTracking(): { statuses: FetchStatuses; reporters: StatusReporters } {
  const [statuses, setStatuses] = useState<FetchStatuses>(allPending);
  const announced = useRef(false);

  const report = useCallback((name: DashboardFetch, status: FetchStatus) => {
    setStatuses((current) => (current[name] === status ? current : { ...current, [name]: status }));
  }, []);

  const reporters = useMemo(
    () => Object.fromEntries(DASHBOARD_FETCHES.map((name) => [name, (status: FetchStatus) => report(name, status)])) as StatusReporters,
    [report],
  );

  useEffect(() => {
    if (announced.current || !shouldAnnounceFailure(statuses)) return;
    announced.current = true;
    toast.error(DASHBOARD_FETCH_FAILED, { id: DASHBOARD_FETCH_TOAST_ID });
  }, [statuses]);

  return { statuses, reporters };
}
