import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, serveApi } from '@healthlink/test-support/api-server';
import { renderShell, signIn } from '../../../test/render-shell';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const location = () => screen.getByTestId('location').textContent;

describe('logout', () => {
  beforeEach(() => localStorage.clear());

  it('tells the server with the ending token, and logs out even when that fails', async () => {
    serveApi({ 'POST /api/logout': 'network-error' });
    const token = signIn();
    renderShell('/userProfile');
    await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: userProfile' });

    await user.click(within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Logout' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(location()).toBe('/');
    await waitFor(() => expect(callsTo('POST /api/logout')).toHaveLength(1));
    expect(callsTo('POST /api/logout')[0].headers.authorization).toBe(`Bearer ${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: home' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
  });

  it('sends the user to / when the session ends elsewhere (a 401, another tab) on a login-required page', async () => {
    serveApi({});
    signIn();
    renderShell('/userProfile');
    await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: userProfile' });
    act(() => {
      localStorage.removeItem(TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    });
    expect(location()).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: home' })).toBeInTheDocument();
  });

  it('does not reopen a stale sign-in modal after a login in another tab', async () => {
    serveApi({});
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByRole('dialog')).toBeInTheDocument();
    act(() => {
      localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ exp: Math.floor(Date.now() / 1000) + 600 }));
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
