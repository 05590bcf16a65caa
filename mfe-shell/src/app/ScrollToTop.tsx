import { useLayoutEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Spec: the page scrolls to the top on every route change. Focus also moves to the main region
 * (not on first load) so keyboard and screen-reader users start reading the new page.
 */
export function ScrollToTop({ mainId }: { mainId: string }) {
  const { pathname } = useLocation();
  const isFirst = useRef(true);

  useLayoutEffect(() => {
    window.scrollTo(0, 0);
    if (isFirst.current) {
      isFirst.current = false;
      return;
    }
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);

  return null;
}
