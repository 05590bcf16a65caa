import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { DEBUG_PAGES } from '@healthlink/contracts';
import RemoteApp from '../remote-entry';

describe('mfe_debug/App', () => {
  it.each([
    ['/errors', 'Error Logs Query'],
    ['/ndcPackages', 'NDC Packages Query'],
    ['/ndcProducts', 'NDC Products Query'],
    ['/ndcLookup', 'NDC Products Query'],
  ])('titles the query tool at %s "%s"', async (path, title) => {
    render(
      <MemoryRouter initialEntries={[path]}>
        <RemoteApp page="queryTool" />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it.each(DEBUG_PAGES)('renders one h1 for the %s page', async (page) => {
    render(
      <MemoryRouter>
        <RemoteApp page={page} />
      </MemoryRouter>,
    );
    expect(await screen.findAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
