import { useState } from 'react';
import { DASHBOARD_ROWS, LIST_PAGE_SIZE, type RxHistorySort } from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { LoadMore } from '../../../components/list/LoadMore';
import { usePagedList } from '../../../components/list/usePagedList';
import { SeeAllLink } from '../../../components/widget/SeeAllLink';
import { WidgetState } from '../../../components/widget/WidgetState';
import type { WidgetProps } from '../../../components/widget/widget-types';
import { USER_DRUGS_URL, useRxHistory } from '../api/get-rx-history';
import { RxTexts } from '../lib/rx-texts';
import { isPriced, RxHistoryCard } from './RxHistoryCard';
import { SortToggle } from './SortToggle';
import './rx.css';

export const RX_HISTORY_PATH = '/rxHistory';

const FAILURE_REPORT = {
  types: { error: ClientErrorType.RxHistoryFetchError, exception: ClientErrorType.RxHistoryFetchException },
  endpoint: USER_DRUGS_URL,
};

/**
 * The member's prescriptions (part 2 §2, §4): newest or oldest first by date prescribed; the dashboard shows the
 * first 3 and a link to /rxHistory, the list page 5 and 5 more per Load more.
 */
export function RxHistoryWidget({ variant, onStatus }: WidgetProps) {
  const [sort, setSort] = useState<RxHistorySort>('newest');
  const query = useRxHistory(sort, variant === 'dashboard' ? DASHBOARD_ROWS : LIST_PAGE_SIZE);
  const { rows, total, state, refFor, loadMore } = usePagedList(query, (page) => page.queryRes, { onStatus, report: FAILURE_REPORT });

  return (
    <div className="rx-history">
      <WidgetState state={state} title={RxTexts.historyTitle} failedMessage={RxTexts.historyFailed} onRetry={() => void query.refetch()}>
        {() => (
          <>
            <SortToggle sort={sort} onChange={setSort} />
            {rows.some((row) => !isPriced(row)) && <p className="rx-note">{RxTexts.pricesLater}</p>}
            <ul className="rx-history__list" aria-label="Prescriptions" aria-busy={query.isPlaceholderData || undefined}>
              {rows.map((row, index) => (
                <li key={row.id}>
                  <RxHistoryCard row={row} headingLevel={variant === 'dashboard' ? 3 : 2} headingRef={refFor(index)} />
                </li>
              ))}
            </ul>
            {variant === 'page' ? (
              <LoadMore {...loadMore} noun={total === 1 ? 'prescription' : 'prescriptions'} failedMessage={RxTexts.historyFailed} />
            ) : (
              <SeeAllLink to={RX_HISTORY_PATH} title={RxTexts.historyTitle} />
            )}
          </>
        )}
      </WidgetState>
    </div>
  );
}
