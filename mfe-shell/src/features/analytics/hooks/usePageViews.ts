import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { trackPageView } from '@healthlink/web-runtime';

/** A first-party page view on every route change (the pathname only; nothing while consent is rejectAll). */
export function usePageViews(): void {
  const { pathname } = useLocation();
  useEffect(() => trackPageView(pathname), [pathname]);
}
