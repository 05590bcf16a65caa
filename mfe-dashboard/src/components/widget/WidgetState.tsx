import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Button, buttonClassName, VisuallyHidden } from '@healthlink/web-ui';
import type { WidgetLoadState } from './widget-types';
import './widget.css';

export const INSURANCE_SELECT_PATH = '/insuranceSelect';

/** The loading skeleton: grey rows in the shape of the content, announced once as "Loading {title}". */
export function WidgetLoading({ title, rows = 3 }: { title: string; rows?: number }) {
  return (
    <div className="widget-skeleton" role="status" aria-live="polite">
      <VisuallyHidden>Loading {title}…</VisuallyHidden>
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="widget-skeleton__row" aria-hidden="true">
          <span className="widget-skeleton__bar widget-skeleton__bar--wide" />
          <span className="widget-skeleton__bar" />
        </div>
      ))}
    </div>
  );
}

/** No data yet (part 2 §4): "No {title} found", "Add data by linking your provider" and Link Insurance Company. */
export function WidgetMissing({ title }: { title: string }) {
  return (
    <div className="widget-empty">
      <p className="widget-empty__title">No {title} found</p>
      <p>Add data by linking your provider</p>
      <Link to={INSURANCE_SELECT_PATH} className={buttonClassName('primary')}>
        Link Insurance Company
      </Link>
    </div>
  );
}

/** The fetch failed: its message, with a warning sign and the word so it is not carried by colour. */
export function WidgetFailed({ message }: { message: string }) {
  return (
    <p className="widget-failed">
      <svg className="widget-failed__icon" viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M12 3 2 21h20L12 3z" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
        <path d="M12 10v5M12 17.5v.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
      <span>
        <VisuallyHidden>Error: </VisuallyHidden>
        {message}
      </span>
    </p>
  );
}

export interface WidgetStateProps {
  state: WidgetLoadState;
  /** The data's name as the missing text uses it: "Rx History" gives "No Rx History found". */
  title: string;
  /** The spec's failure text of this widget (part 2 §8). */
  failedMessage: string;
  /** Replaces the standard missing view where the spec has its own (e.g. "no interactions"). */
  missing?: ReactNode;
  /** Fetches again: a Try again button under the failure. */
  onRetry?: () => void;
  skeletonRows?: number;
  /** The content once complete; a function is called only then (so it may read the loaded data). */
  children: ReactNode | (() => ReactNode);
}

/** One of the four load states of a data widget (part 2 §4). */
export function WidgetState({ state, title, failedMessage, missing, onRetry, skeletonRows, children }: WidgetStateProps) {
  switch (state) {
    case 'loading':
      return <WidgetLoading title={title} rows={skeletonRows} />;
    case 'missing':
      return <>{missing ?? <WidgetMissing title={title} />}</>;
    case 'failed':
      return (
        <>
          <WidgetFailed message={failedMessage} />
          {onRetry && (
            <Button variant="secondary" className="widget-retry" onClick={onRetry}>
              Try again
            </Button>
          )}
        </>
      );
    case 'complete':
      return <>{typeof children === 'function' ? children() : children}</>;
  }
}
