import { ANALYTICS_FIELD_MAX_LENGTH, routeForPath, type AnalyticsEventRequest } from '@healthlink/contracts';
import { apiRequest } from '../api/api-client';
import { analyticsAllowed } from '../consent/consent';

export const ANALYTICS_EVENTS_URL = '/api/analytics/events';

const clip = (value: string) => value.slice(0, ANALYTICS_FIELD_MAX_LENGTH);

/**
 * The path an event reports: the pathname only (never the query string or hash), and for a route with
 * parameters its pattern (`/open-ai/:query`), so nothing a person typed or any id ever leaves as analytics.
 */
export function analyticsPath(pathname: string): string {
  const route = routeForPath(pathname);
  if (route?.path.includes(':')) return route.path;
  return pathname.split(/[?#]/)[0] || '/';
}

/**
 * First-party analytics (spec part 1 §4, §7): one anonymous event, only while the consent cookie is not
 * rejectAll. No user id (no Authorization header), no health data, nothing third-party. Never throws.
 */
export function trackEvent(category: string, action: string, pathname: string = window.location.pathname): void {
  if (!analyticsAllowed()) return;
  const body: AnalyticsEventRequest = { category: clip(category), action: clip(action), path: clip(analyticsPath(pathname)) };
  apiRequest<void>(ANALYTICS_EVENTS_URL, { method: 'POST', body, anonymous: true, keepalive: true }).catch(() => undefined);
}

/** A page view of the given pathname (category navigation, action page_view). */
export function trackPageView(pathname: string): void {
  trackEvent('navigation', 'page_view', pathname);
}
