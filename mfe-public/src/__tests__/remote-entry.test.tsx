import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { PUBLIC_PAGES, type PublicPage } from '@healthlink/contracts';
import RemoteApp from '../remote-entry';

function renderPage(page: PublicPage) {
  // The shell provides the query client (shared singleton); pages with forms need it.
  return render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RemoteApp page={page} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('mfe_public/App', () => {
  it('renders the home hero with Get Started and Who We Are', async () => {
    renderPage('home');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent(/in one place/);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Who We Are' })).toHaveAttribute('href', '/about');
  });

  it.each([
    ['about', 'About Us'],
    ['curesAct', 'The 21st Century Cures Act'],
    ['contact', 'Contact Us'],
    ['register', 'Sign Up'],
    ['privacyPolicy', 'Privacy Policy'],
    ['termsOfService', 'Terms of Service'],
    ['coupons', 'Drug Coupons'],
    ['drugLookup', 'Add a prescription medication to find coupons'],
  ] as const)('renders the %s page titled "%s"', async (page, title) => {
    renderPage(page);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });

  it('has a page for every public page key of the route table', () => {
    expect(PUBLIC_PAGES).toHaveLength(9);
  });
});
