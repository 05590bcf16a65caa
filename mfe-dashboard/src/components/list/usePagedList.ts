import type { FailureReport, QueryLike } from '../widget/widget-status';
import { loadStateOf, useReportFailure, useReportStatus } from '../widget/widget-status';
import type { FetchStatus, WidgetLoadState } from '../widget/widget-types';
import type { LoadMoreProps } from './LoadMore';
import { useFocusFirstNew } from './useFocusFirstNew';

/** The part of a TanStack infinite query a paged list widget depends on. */
export interface PagedQuery<TPage> extends QueryLike<{ pages: TPage[] }> {
  error: unknown;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
}

export interface PagedListOptions {
  onStatus?: (status: FetchStatus) => void;
  report: FailureReport;
}

export interface PagedList<TRow> {
  /** Every row of the pages loaded so far, in order. */
  rows: TRow[];
  total: number;
  state: WidgetLoadState;
  /** Goes on each row's focus target (`refFor(index)`): Load more moves focus to the first row it brought. */
  refFor: (index: number) => (element: HTMLElement | null) => void;
  /** LoadMore's props, but for the widget's own noun and failure text. */
  loadMore: Omit<LoadMoreProps, 'noun' | 'failedMessage'>;
}

/**
 * The wiring of a paged list widget (part 2 §4): its rows and load state, trying again after a failure shown as
 * loading again (the query keeps its error status until it answers); its fetch status to `onStatus`, where a failed
 * Load more is a failed fetch too (the list page toasts it) though the rows already shown stay; each new failure to
 * the error log; and Load more, with focus on the first row it brought.
 */
export function usePagedList<TPage extends { total: number }, TRow>(
  query: PagedQuery<TPage>,
  rowsOf: (page: TPage) => TRow[],
  { onStatus, report }: PagedListOptions,
): PagedList<TRow> {
  const rows = query.data?.pages.flatMap(rowsOf) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? rows.length;
  const loaded = loadStateOf(query, (data) => data.pages.every((page) => rowsOf(page).length === 0));
  const state = loaded === 'failed' && query.isFetching ? 'loading' : loaded;
  useReportStatus(query.isFetchNextPageError ? 'failed' : state, onStatus);
  useReportFailure(query.error, report);
  const { willLoadMore, refFor } = useFocusFirstNew(rows.length);

  return {
    rows,
    total,
    state,
    refFor,
    loadMore: {
      shown: rows.length,
      total,
      hasMore: query.hasNextPage,
      loading: query.isFetchingNextPage,
      failed: query.isFetchNextPageError,
      onLoadMore: () => {
        willLoadMore();
        void query.fetchNextPage();
      },
    },
  };
}
