import { useCallback, useEffect, useRef } from 'react';

/**
 * After Load more, focus moves to the first row it brought, so a keyboard or screen-reader user reads on from
 * there (the button may be gone once the last page is in). `refFor(index)` goes on each row's focus target.
 */
export function useFocusFirstNew(count: number) {
  const pending = useRef<number | null>(null);
  const targets = useRef(new Map<number, HTMLElement>());

  useEffect(() => {
    const index = pending.current;
    if (index === null || count <= index) return;
    pending.current = null;
    targets.current.get(index)?.focus();
  }, [count]);

  const willLoadMore = useCallback(() => {
    pending.current = count;
  }, [count]);

  const refFor = useCallback(
    (index: number) => (element: HTMLElement | null) => {
      if (element) targets.current.set(index, element);
      else targets.current.delete(index);
    },
    [],
  );

  return { willLoadMore, refFor };
}
