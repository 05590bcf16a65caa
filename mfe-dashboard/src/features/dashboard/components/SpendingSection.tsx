import { lazy, Suspense, useId, useState } from 'react';
import type { SpendingGrouping } from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { formatDateTime } from '../../../components/date/format-date';
import { ToggleButtons, type ToggleOption } from '../../../components/toggle/ToggleButtons';
import { WidgetCard } from '../../../components/widget/WidgetCard';
import { WidgetState } from '../../../components/widget/WidgetState';
import { useWidgetLoad } from '../../../components/widget/widget-status';
import type { FetchStatus } from '../../../components/widget/widget-types';
import { SPENDING_PATH, useSpending } from '../api/get-spending';
import { MONTHS_SHOWN, spendingRows } from '../lib/spending-rows';
import { SpendingTable } from './SpendingTable';
import '../../../components/button/compact-button.css';

// recharts is a large library: its own chunk, fetched after the page has drawn (it never holds up the LCP).
const SpendingChart = lazy(() =>
  import(/* webpackChunkName: "spending-chart" */ './SpendingChart').then((m) => ({ default: m.SpendingChart })),
);

export const SPENDING_TITLE = 'Where your money went';
export const SPENDING_FAILED = 'Something went wrong with fetching your spending. Please try again later.';

const GROUPINGS: readonly ToggleOption<SpendingGrouping>[] = [
  { value: 'month', label: 'By month' },
  { value: 'year', label: 'By year' },
];

/**
 * "Where your money went" (issue 13, beyond the original): what the member paid out of pocket, and the deductible,
 * copays and coinsurance within it, by month or by year, as a chart with a table alternative and the data's date.
 */
export function SpendingSection({ onStatus }: { onStatus?: (status: FetchStatus) => void }) {
  const [by, setBy] = useState<SpendingGrouping>('month');
  const [showTable, setShowTable] = useState(false);
  const tableId = useId().replace(/:/g, '');
  const query = useSpending(by);
  const state = useWidgetLoad(query, {
    isEmpty: (data) => data.periods.length === 0,
    onStatus,
    report: {
      types: { error: ClientErrorType.SpendingFetchError, exception: ClientErrorType.SpendingFetchException },
      endpoint: SPENDING_PATH,
    },
  });
  const shownBy = query.data?.by ?? by;
  const rows = query.data ? spendingRows(query.data) : [];

  return (
    <WidgetCard
      id="spending"
      title={SPENDING_TITLE}
      description="What you paid out of pocket for your care and prescriptions, and the deductible, copays and coinsurance your insurer listed in it."
    >
      <WidgetState state={state} title="Spending" failedMessage={SPENDING_FAILED}>
        {() => (
          <>
            <ToggleButtons label="Show spending" labelHidden options={GROUPINGS} value={by} onChange={setBy} />
            <p className="dash-spending__as-of">
              {shownBy === 'month' ? `Your ${MONTHS_SHOWN} most recent months. ` : 'Each year from your first claim to your latest. '}
              {query.data?.asOf ? `Data as of ${formatDateTime(query.data.asOf)}.` : null}
            </p>
            <figure className="dash-spending__figure">
              <Suspense fallback={<div className="dash-spending__chart-placeholder">Loading the chart…</div>}>
                <SpendingChart rows={rows} title={`${SPENDING_TITLE}, ${shownBy === 'year' ? 'by year' : 'by month'}`} />
              </Suspense>
            </figure>
            <button
              type="button"
              className="compact-button dash-spending__table-toggle"
              aria-expanded={showTable}
              aria-controls={showTable ? tableId : undefined}
              onClick={() => setShowTable((value) => !value)}
            >
              Show as table
            </button>
            {showTable && <SpendingTable id={tableId} rows={rows} by={shownBy} />}
          </>
        )}
      </WidgetState>
    </WidgetCard>
  );
}
