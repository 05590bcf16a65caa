import { screen, waitFor } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { CONSENT_COOKIE } from '@healthlink/contracts';
import { callsTo, serveApi } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { HomePage } from '../routes/HomePage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

describe('/ (home)', () => {
  beforeEach(() => {
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('pings the server when it loads', async () => {
    serveApi({ 'GET /api/pingServer': { status: 200, body: { message: 'pong' } } });
    renderPage(<HomePage />);
    await waitFor(() => expect(callsTo('GET /api/pingServer')).toHaveLength(1));
  });

  it('has the hero with Get Started and Who We Are, and the four sections', () => {
    serveApi({ 'GET /api/pingServer': { status: 200, body: { message: 'pong' } } });
    renderPage(<HomePage />);
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Who We Are' })).toHaveAttribute('href', '/about');
    for (const name of ['How it works', 'Compare and save', 'Security center', /Cures Act/]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(screen.getByRole('link', { name: 'Learn about the Cures Act' })).toHaveAttribute('href', '/curesAct');
    expect(screen.getByRole('link', { name: '(800) 555-0199' })).toHaveAttribute('href', 'tel:+18005550199');
  });

  it('counts a Get Started press (first-party, the path only) and goes to /register', async () => {
    serveApi({ 'GET /api/pingServer': { status: 200, body: {} }, 'POST /api/analytics/events': { status: 204 } });
    renderPage(<HomePage />);
    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/register'));
    expect(callsTo('POST /api/analytics/events').map((c) => c.body)).toEqual([{ category: 'home', action: 'get_started', path: '/' }]);
  });

  it('counts nothing after Reject all', async () => {
    document.cookie = `${CONSENT_COOKIE}=rejectAll; Path=/`;
    serveApi({ 'GET /api/pingServer': { status: 200, body: {} } });
    renderPage(<HomePage />);
    await user.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(callsTo('POST /api/analytics/events')).toHaveLength(0);
  });
});
