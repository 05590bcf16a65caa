import { useCallback, useRef } from 'react';
import { toast } from 'react-hot-toast';
import type { FetchStatus } from '../widget/widget-types';

/** Part 1 §8: the list pages' toast when a fetch fails. */
export const LIST_PAGE_FAILED = 'There was an error retrieving some of your data. Please try again later.';

/**
 * A list page's `onStatus` (part 1 §8, part 2 §2): the toast "There was an error retrieving some of your data.
 * Please try again later." once per failure, that is each time the widget's fetch turns failed.
 */
export function useListPageToast(pageId: string): (status: FetchStatus) => void {
  const last = useRef<FetchStatus | null>(null);
  return useCallback(
    (status: FetchStatus) => {
      if (status === 'failed' && last.current !== 'failed') toast.error(LIST_PAGE_FAILED, { id: `${pageId}-fetch-failed` });
      last.current = status;
    },
    [pageId],
  );
}
