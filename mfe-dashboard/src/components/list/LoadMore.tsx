import { Button } from '@healthlink/web-ui';
import './list-page.css';

export interface LoadMoreProps {
  shown: number;
  total: number;
  /** What the rows are, plural or singular as `total` wants: "prescriptions", "claim". */
  noun: string;
  hasMore: boolean;
  loading: boolean;
  /** The last Load more failed: `failedMessage` shows, with the button still there to try again. */
  failed: boolean;
  failedMessage: string;
  onLoadMore: () => void;
}

/** "Showing 5 of 23 prescriptions" (announced as it changes) and the Load more button while pages remain. */
export function LoadMore({ shown, total, noun, hasMore, loading, failed, failedMessage, onLoadMore }: LoadMoreProps) {
  return (
    <div className="load-more">
      <p className="load-more__count" role="status">
        Showing {shown} of {total} {noun}
      </p>
      {failed && (
        <p className="load-more__failed" role="alert">
          {failedMessage}
        </p>
      )}
      {hasMore && (
        // aria-disabled, not disabled: the button keeps focus while the page loads.
        <Button variant="secondary" aria-disabled={loading || undefined} onClick={() => !loading && onLoadMore()}>
          {loading ? 'Loading more…' : 'Load more'}
        </Button>
      )}
    </div>
  );
}
