import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CONSENT_COOKIE } from '@healthlink/contracts';
import { callsTo, mockApi } from '@healthlink/test-support/fetch-mock';
import { renderPage } from '@healthlink/test-support/render-page';
import { HomePage } from '../routes/HomePage';

describe('/ (home)', () => {
  beforeEach(() => {
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('pings the server when it loads', async () => {
    const fetchMock = mockApi({ 'GET /api/pingServer': { status: 200, body: { message: 'pong' } } });
    renderPage(<HomePage />);
    await waitFor(() => expect(callsTo(fetchMock, 'GET /api/pingServer')).toHaveLength(1));
  });

  it('has the hero with Get Started and Who We Are, and the four sections', () => {
    mockApi({ 'GET /api/pingServer': { status: 200, body: { message: 'pong' } } });
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
    const fetchMock = mockApi({ 'GET /api/pingServer': { status: 200, body: {} }, 'POST /api/analytics/events': { status: 204 } });
    renderPage(<HomePage />);
    fireEvent.click(screen.getByRole('link', { name: 'Get Started' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/register'));
    expect(callsTo(fetchMock, 'POST /api/analytics/events').map((c) => c.body)).toEqual([{ category: 'home', action: 'get_started', path: '/' }]);
  });

  it('counts nothing after Reject all', () => {
    document.cookie = `${CONSENT_COOKIE}=rejectAll; Path=/`;
    const fetchMock = mockApi({ 'GET /api/pingServer': { status: 200, body: {} } });
    renderPage(<HomePage />);
    fireEvent.click(screen.getByRole('link', { name: 'Get Started' }));
    expect(callsTo(fetchMock, 'POST /api/analytics/events')).toHaveLength(0);
  });
});
