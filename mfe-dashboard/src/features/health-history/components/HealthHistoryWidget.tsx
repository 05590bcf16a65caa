import { useEffect, useRef, useState } from 'react';
import { DASHBOARD_ROWS, LIST_PAGE_SIZE } from '@healthlink/contracts';
import { ClientErrorType } from '@healthlink/web-runtime';
import { LoadMore } from '../../../components/list/LoadMore';
import { usePagedList } from '../../../components/list/usePagedList';
import { SeeAllLink } from '../../../components/widget/SeeAllLink';
import { WidgetState } from '../../../components/widget/WidgetState';
import type { WidgetProps } from '../../../components/widget/widget-types';
import { EXPLANATION_OF_BENEFITS_URL, useHealthHistory } from '../api/get-health-history';
import { HealthHistoryTexts } from '../lib/health-history-texts';
import { ClaimItem } from './ClaimItem';
import './health-history.css';

export const HEALTH_HISTORY_PATH = '/healthHistory';

const FAILURE_REPORT = {
  types: { error: ClientErrorType.HealthHistoryFetchError, exception: ClientErrorType.HealthHistoryFetchException },
  endpoint: EXPLANATION_OF_BENEFITS_URL,
};

export interface HealthHistoryWidgetProps extends WidgetProps {
  /** The server-side search (part 2 §5); the list page takes it from ?search=. */
  search?: string;
  /** A claim to open, scroll to and focus (the list page's ?serviceID=). */
  serviceID?: string | null;
}

const prefersReducedMotion = () => typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/**
 * The member's claims, newest first (part 2 §2, §4): 3 on the dashboard with a link to /healthHistory; 5 and 5
 * more per Load more on the list page, which may search them and open one of them.
 */
export function HealthHistoryWidget({ variant, onStatus, search = '', serviceID = null }: HealthHistoryWidgetProps) {
  const pageSize = variant === 'dashboard' ? DASHBOARD_ROWS : LIST_PAGE_SIZE;
  const query = useHealthHistory({ pageSize, search, serviceID });
  const { rows: claims, total, state, refFor, loadMore } = usePagedList(query, (page) => page.EOB, { onStatus, report: FAILURE_REPORT });
  const serviceNotFound = query.data?.pages[0]?.serviceNotFound === true;

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(serviceID ? [serviceID] : []));
  const toggle = (id: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  // A link to one claim opens it, scrolls to it and moves focus to it, once it has arrived.
  const linked = useRef<HTMLButtonElement | null>(null);
  const arrivedAt = useRef<string | null>(null);
  const linkedLoaded = !!serviceID && claims.some((claim) => claim.id === serviceID);
  useEffect(() => {
    if (!serviceID || !linkedLoaded || arrivedAt.current === serviceID || !linked.current) return;
    arrivedAt.current = serviceID;
    setExpanded((open) => new Set(open).add(serviceID));
    linked.current.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    linked.current.focus({ preventScroll: true });
  }, [serviceID, linkedLoaded]);

  const searching = search !== '';
  const noMatches = (
    <p className="claims-none" role="status">
      No claims match &ldquo;{search}&rdquo;. Try a date, a diagnosis, a procedure or a provider.
    </p>
  );

  return (
    <div className="claims">
      {serviceNotFound && <p className="claims-notice">{HealthHistoryTexts.serviceNotFound}</p>}
      <WidgetState
        state={state}
        title={HealthHistoryTexts.title}
        failedMessage={HealthHistoryTexts.failed}
        missing={searching ? noMatches : undefined}
        onRetry={() => void query.refetch()}
      >
        {() => (
          <>
            <ul className="claims__list" aria-label="Claims" aria-busy={query.isPlaceholderData || undefined}>
              {claims.map((claim, index) => (
                <li key={claim.id}>
                  <ClaimItem
                    claim={claim}
                    headingLevel={variant === 'dashboard' ? 3 : 2}
                    expanded={expanded.has(claim.id)}
                    onToggle={() => toggle(claim.id)}
                    buttonRef={(element) => {
                      refFor(index)(element);
                      if (claim.id === serviceID) linked.current = element;
                    }}
                  />
                </li>
              ))}
            </ul>
            {variant === 'page' ? (
              <LoadMore
                {...loadMore}
                noun={searching ? (total === 1 ? 'matching claim' : 'matching claims') : total === 1 ? 'claim' : 'claims'}
                failedMessage={HealthHistoryTexts.failed}
              />
            ) : (
              <SeeAllLink to={HEALTH_HISTORY_PATH} title={HealthHistoryTexts.title} />
            )}
          </>
        )}
      </WidgetState>
    </div>
  );
}
