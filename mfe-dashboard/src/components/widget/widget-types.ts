/**
 * How a widget tells the dashboard where its fetch stands (part 2 §4, dashboard fetch tracking): `pending` while
 * loading, then `success` (complete or missing: no data is not a failure) or `failed`.
 */
export type FetchStatus = 'pending' | 'success' | 'failed';

/** The six fetches the dashboard tracks (part 2 §4). */
export const TRACKED_FETCHES = ['planRanks', 'healthHistory', 'rxHistory', 'rxInteractions', 'clinicalTrials', 'medicalTips'] as const;
export type TrackedFetch = (typeof TRACKED_FETCHES)[number];

/** The four load states a data widget shows (part 2 §4, widget load status). */
export type WidgetLoadState = 'loading' | 'complete' | 'missing' | 'failed';

/**
 * Every list widget takes these: on the dashboard it shows its first rows (DASHBOARD_ROWS) with a link to its list
 * page; on its list page it shows LIST_PAGE_SIZE rows and Load more. `onStatus` is called whenever its fetch
 * status changes (`useWidgetLoad` in widget-status.ts does it, and reports failures to the error log).
 * A widget renders its body only, through `WidgetState` (the four load states): the dashboard puts each one in
 * its `WidgetCard` (title, anchor, minimize), the list page under its own heading.
 */
export interface WidgetProps {
  variant: 'dashboard' | 'page';
  onStatus?: (status: FetchStatus) => void;
}
