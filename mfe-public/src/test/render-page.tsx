import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import type { SiteInfo } from '@healthlink/contracts';
import { siteInfoQuery } from '@healthlink/web-runtime';

/** What GET /api/siteInfo answers in these tests (deliberately not the server's defaults). */
export const TEST_SITE_INFO: SiteInfo = {
  productName: 'CarePath',
  supportEmail: 'help@carepath.example',
  supportPhone: '(800) 555-0100',
  brokerPhone: '(800) 555-0199',
  blogUrl: 'https://blog.carepath.example/',
  linkedInUrl: 'https://www.linkedin.com/company/carepath-example',
  socialLinks: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/carepath-example' },
    { name: 'Facebook', url: 'https://www.facebook.com/carepath.example' },
  ],
};

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/**
 * A page as the shell hosts it: router, one query client (site facts already loaded, as the shell has
 * them), toasts; the path is readable from "location".
 */
export function renderPage(page: ReactElement, path = '/', { siteInfo = TEST_SITE_INFO }: { siteInfo?: SiteInfo | null } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (siteInfo) queryClient.setQueryData(siteInfoQuery.queryKey, siteInfo);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={path} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}
