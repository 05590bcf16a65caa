import { render } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { RemoteAppProps, SiteInfo } from '@healthlink/contracts';
import { buildUnsignedToken, RemoteLoaderProvider, siteInfoQuery, TOKEN_KEY, type RemoteAppLoader } from '@healthlink/web-runtime';
import { mockMediaQueries } from '@healthlink/test-support/match-media';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { Shell } from '../app/Shell';

/** A loader standing in for the federation runtime: each remote renders "<remote>: <page>" as its h1. */
export function fakeRemoteLoader(): jest.MockedFunction<RemoteAppLoader> {
  return jest.fn(async (remote) => {
    function FakeRemote({ page }: RemoteAppProps) {
      return <h1>{`${remote}: ${page}`}</h1>;
    }
    return FakeRemote;
  }) as unknown as jest.MockedFunction<RemoteAppLoader>;
}

function LocationProbe() {
  return <output data-testid="location">{useLocation().pathname}</output>;
}

export function renderShell(
  path: string,
  loader: RemoteAppLoader = fakeRemoteLoader(),
  { siteInfo = TEST_SITE_INFO }: { siteInfo?: SiteInfo | null } = {},
) {
  const queryClient = new QueryClient();
  if (siteInfo) queryClient.setQueryData(siteInfoQuery.queryKey, siteInfo);
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <RemoteLoaderProvider value={loader}>
          <Shell />
          <LocationProbe />
        </RemoteLoaderProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, loader };
}

export function signIn(expiresInSeconds = 600): string {
  const token = buildUnsignedToken({ sub: 'user-1', exp: Math.floor(Date.now() / 1000) + expiresInSeconds });
  localStorage.setItem(TOKEN_KEY, token);
  return token;
}

/** Answers media queries as a small (phone) or wide screen would. */
export function mockScreen(small: boolean): void {
  mockMediaQueries((query) => small && query.includes('max-width: 640px'));
}
