import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { DebugPage, UserResponse, UserRole } from '@healthlink/contracts';
import { siteInfoQuery } from '@healthlink/web-runtime';
import { serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import RemoteApp from '../remote-entry';

/** GET /api/user's answer for a signed-in member with `role`. */
export const sessionUser = (role: UserRole): UserResponse => ({
  id: 'user-1',
  email: 'ada@example.com',
  firstName: 'Ada',
  lastName: 'Lovelace',
  postal_code: null,
  role,
});

/** GET /api/user answering as a member with `role`, or as `handler` says. */
export function serveSessionUser(role: UserRole, handler: ApiHandler = { status: 200, body: sessionUser(role) }): void {
  serveApi({ 'GET /api/user': handler });
}

function LocationProbe() {
  return <div data-testid="location">{useLocation().pathname}</div>;
}

/** The remote as the shell hosts it at `path`: one query client (site facts loaded, no retries), the router. */
export function renderRemote(page: DebugPage, path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(siteInfoQuery.queryKey, TEST_SITE_INFO);
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path="*" element={<RemoteApp page={page} />} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
