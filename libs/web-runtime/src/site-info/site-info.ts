import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '@healthlink/contracts';
import { apiClient } from '../api/api-client';
import { takeEarlySiteInfo } from './early-site-info';

/**
 * Shown until /api/siteInfo answers (and if it never does): the server's own default name. Contact
 * points (e-mail, phones, links) have no fallback: a wrong address is worse than none for a moment.
 */
export const DEFAULT_PRODUCT_NAME = 'HealthLink';

export const siteInfoQuery = queryOptions({
  queryKey: ['siteInfo'] as const,
  queryFn: ({ signal }) => {
    const fetchNow = () => apiClient.get<SiteInfo>('/api/siteInfo', { signal, anonymous: true });
    // The start-up answer is used once; a failed one is asked again.
    return takeEarlySiteInfo()?.catch(fetchNow) ?? fetchNow();
  },
  // Configuration: it changes with a deploy, not while a page is open.
  staleTime: Infinity,
  gcTime: Infinity,
});

export interface SiteInfoState {
  /** The whole answer, once it has arrived. */
  site: SiteInfo | undefined;
  /** The configured name, or DEFAULT_PRODUCT_NAME until it is known. */
  productName: string;
}

/** The product's name and contact points from configuration (GET /api/siteInfo), fetched once per page load. */
export function useSiteInfo(): SiteInfoState {
  const { data } = useQuery(siteInfoQuery);
  return { site: data, productName: data?.productName ?? DEFAULT_PRODUCT_NAME };
}

/** A `tel:` link for a displayed number, e.g. "(800) 555-0172" -> "tel:+18005550172" (North American numbers). */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `tel:${digits}`;
  return `tel:${digits.length === 10 ? `+1${digits}` : digits}`;
}

/** Sets the document title to "<page> | <product>" (WCAG 2.4.2), or the product alone without a page title. */
export function usePageTitle(pageTitle?: string): void {
  const { productName } = useSiteInfo();
  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} | ${productName}` : productName;
  }, [pageTitle, productName]);
}
