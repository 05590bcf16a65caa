import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'react-hot-toast';

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/**
 * A page as the shell hosts it: router, one query client, toasts; the path is readable from "location".
 * `routePath` is the route's pattern when it differs from the URL (params, a query string).
 */
export function renderPage(page: ReactElement, path = '/', routePath = path) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
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
