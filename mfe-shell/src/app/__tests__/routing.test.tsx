import { screen } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { renderShell, signIn } from '../../test/render-shell';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

describe('shell routing', () => {
  beforeEach(() => localStorage.clear());

  it.each([
    ['/', 'mfe_public: home'],
    ['/about', 'mfe_public: about'],
    ['/curesAct', 'mfe_public: curesAct'],
    ['/drugCoupons', 'mfe_public: coupons'],
    ['/authenticateReferral', 'mfe_dashboard: authenticateReferral'],
  ])('renders %s with the page of the remote named in the route table', async (path, heading) => {
    const { loader } = renderShell(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(loader).toHaveBeenCalledWith(heading.split(':')[0], { retry: false });
  });

  it('sends a visitor without a session from /app/dashboard to /', async () => {
    const { loader } = renderShell('/app/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: home' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
    expect(loader).not.toHaveBeenCalledWith('mfe_dashboard', expect.anything());
  });

  it('renders /app/dashboard for a valid session', async () => {
    signIn();
    renderShell('/app/dashboard');
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: dashboard' })).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveTextContent('/app/dashboard');
  });

  it('treats an expired token as logged out', async () => {
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ exp: Math.floor(Date.now() / 1000) - 60 }));
    renderShell('/userProfile');
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register' })).toBeInTheDocument();
  });

  it('guards the debug pages too', async () => {
    renderShell('/errors');
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: home' })).toBeInTheDocument();
  });

  it('shows Not found with a link home for an unknown path', async () => {
    const { loader } = renderShell('/no/such/page');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(loader).not.toHaveBeenCalled();
  });

  it('keeps the header and footer when a remote fails, and Retry loads it again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const loader = jest
      .fn()
      .mockRejectedValueOnce(new Error('#RUNTIME-003 Failed to get manifest'))
      .mockImplementation(async () => () => <h1>home again</h1>);
    renderShell('/', loader);

    expect(await screen.findByText('This section is unavailable')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Main' })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'home again' })).toBeInTheDocument();
    jest.restoreAllMocks();
  });
});
