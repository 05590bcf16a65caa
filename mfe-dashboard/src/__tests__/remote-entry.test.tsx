import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DASHBOARD_PAGES } from '@healthlink/contracts';
import RemoteApp from '../remote-entry';

describe('mfe_dashboard/App', () => {
  it('renders the Dashboard page', async () => {
    render(
      <MemoryRouter>
        <RemoteApp page="dashboard" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it.each(DASHBOARD_PAGES)('renders one h1 for the %s page', async (page) => {
    render(
      <MemoryRouter>
        <RemoteApp page={page} />
      </MemoryRouter>,
    );
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
