import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SiteInfo } from '@healthlink/contracts';
import { allCalls, callsTo, serveApi } from '@healthlink/test-support/api-server';
import { DEFAULT_PRODUCT_NAME, telHref, usePageTitle, useSiteInfo } from '../site-info';

const SITE: SiteInfo = {
  productName: 'CarePath',
  supportEmail: 'help@carepath.example',
  supportPhone: '(800) 555-0100',
  brokerPhone: '(800) 555-0199',
  blogUrl: 'https://blog.carepath.example',
  linkedInUrl: 'https://www.linkedin.com/company/carepath',
  socialLinks: [{ name: 'LinkedIn', url: 'https://www.linkedin.com/company/carepath' }],
};

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{children}</QueryClientProvider>;
}

describe('site info', () => {
  it('uses the default name until /api/siteInfo answers, then the configured facts', async () => {
    serveApi({ 'GET /api/siteInfo': { status: 200, body: SITE } });
    const { result } = renderHook(() => useSiteInfo(), { wrapper });
    expect(result.current.productName).toBe(DEFAULT_PRODUCT_NAME);
    expect(result.current.site).toBeUndefined();
    await waitFor(() => expect(result.current.productName).toBe('CarePath'));
    expect(result.current.site?.supportEmail).toBe('help@carepath.example');
    expect(allCalls().map((call) => call.path)).toEqual(['/api/siteInfo']);
  });

  it('keeps the default name when the server cannot be reached', async () => {
    serveApi({ 'GET /api/siteInfo': 'network-error' });
    const { result } = renderHook(() => useSiteInfo(), { wrapper });
    await waitFor(() => expect(callsTo('GET /api/siteInfo')).toHaveLength(1));
    expect(result.current.productName).toBe(DEFAULT_PRODUCT_NAME);
  });

  it('titles the document "<page> | <product>"', async () => {
    serveApi({ 'GET /api/siteInfo': { status: 200, body: SITE } });
    renderHook(() => usePageTitle('Contact Us'), { wrapper });
    await waitFor(() => expect(document.title).toBe('Contact Us | CarePath'));
  });

  it('builds tel: links from displayed numbers', () => {
    expect(telHref('(800) 555-0172')).toBe('tel:+18005550172');
    expect(telHref('+44 20 7946 0000')).toBe('tel:+442079460000');
  });
});

describe('prefetchSiteInfo', () => {
  it('asks once at start-up and the first query uses that answer', async () => {
    serveApi({ 'GET /api/siteInfo': { status: 200, body: SITE } });
    const { prefetchSiteInfo } = await import('../early-site-info');
    prefetchSiteInfo();
    expect(callsTo('GET /api/siteInfo')).toHaveLength(1);
    const { result } = renderHook(() => useSiteInfo(), { wrapper });
    await waitFor(() => expect(result.current.productName).toBe('CarePath'));
    expect(callsTo('GET /api/siteInfo')).toHaveLength(1);
  });
});
