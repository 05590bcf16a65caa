import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';
import type { SiteInfo } from '@healthlink/contracts';
import { siteInfoQuery } from '@healthlink/web-runtime';
import { TEST_SITE_INFO } from './site-info';

export interface RenderPageOptions {
  /** The route's pattern when it differs from the URL (params, a query string); the URL by default. */
  routePath?: string;
  /** The site facts already in the query cache, as the shell has them; null leaves them to GET /api/siteInfo. */
  siteInfo?: SiteInfo | null;
}

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/**
 * A page as the shell hosts it: router, one query client (site facts already loaded, as the shell has
 * them), toasts; the path is readable from "location".
 */
export function renderPage(page: ReactElement, path = '/', { routePath = path, siteInfo = TEST_SITE_INFO }: RenderPageOptions = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (siteInfo) queryClient.setQueryData(siteInfoQuery.queryKey, siteInfo);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={routePath} element={page} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}
