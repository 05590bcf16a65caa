import type { ReactElement } from 'react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { DASHBOARD_PAGES } from '@healthlink/contracts';
import RemoteApp from '../remote-entry';
import { serveApi } from '@healthlink/test-support/api-server';

// The shell provides the query client (shared singleton); pages that load data need it.
const withQueryClient = (ui: ReactElement) => (
  <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>{ui}</QueryClientProvider>
);

describe('mfe_dashboard/App', () => {
  beforeEach(() => serveApi({}));

  it('renders the Dashboard page', async () => {
    render(
      withQueryClient(
        <MemoryRouter>
          <RemoteApp page="dashboard" />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome/ })).toBeInTheDocument();
  });

  it.each(DASHBOARD_PAGES)('renders one h1 for the %s page', async (page) => {
    render(
      withQueryClient(
        <MemoryRouter>
          <RemoteApp page={page} />
        </MemoryRouter>,
      ),
    );
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
