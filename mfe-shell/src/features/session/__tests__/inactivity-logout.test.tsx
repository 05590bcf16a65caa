import { act, fireEvent, screen } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { INACTIVITY_LOGOUT_MS } from '@healthlink/contracts';
import { LAST_ACTIVITY_KEY, TOKEN_KEY } from '@healthlink/web-runtime';
import { callsTo, serveApi } from '@healthlink/test-support/api-server';
import { renderShell, signIn } from '../../../test/render-shell';
import { ACTIVITY_WRITE_INTERVAL_MS } from '../hooks/useInactivityLogout';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const MINUTE = 60_000;
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));
const location = () => screen.getByTestId('location').textContent;

async function expectLoggedOutAtHome() {
  expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  expect(await screen.findByRole('heading', { level: 1, name: 'mfe_public: home' })).toBeInTheDocument();
  expect(location()).toBe('/');
}

async function renderSignedIn() {
  const token = signIn(4 * 3600);
  localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
  renderShell('/app/dashboard');
  await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: dashboard' });
  return token;
}

describe('inactivity logout', () => {
  beforeEach(() => {
    localStorage.clear();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('logs out after 30 minutes without activity: token and activity time cleared, back to /', async () => {
    serveApi({ 'POST /api/logout': { status: 200, body: { message: 'Logged out' } } });
    const token = await renderSignedIn();

    advance(INACTIVITY_LOGOUT_MS - 1_000);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);

    advance(1_000);
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
    await expectLoggedOutAtHome();
    expect(screen.getByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(callsTo('POST /api/logout')[0].headers.authorization).toBe(`Bearer ${token}`);
  });

  it.each([
    ['a click', () => user.click(document.body)],
    ['a mouse move', () => user.pointer({ target: document.body, coords: { clientX: 10, clientY: 10 } })],
    ['a key press', () => user.keyboard('a')],
    // user-event has no scrolling.
    ['a scroll', async () => void fireEvent.scroll(window)],
  ])('counts %s as activity', async (_name, act_) => {
    serveApi({});
    await renderSignedIn();
    advance(20 * MINUTE);
    await act_();
    advance(20 * MINUTE);
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
    expect(location()).toBe('/app/dashboard');

    advance(10 * MINUTE);
    await expectLoggedOutAtHome();
  });

  it('stays signed in while another tab records activity', async () => {
    serveApi({});
    await renderSignedIn();
    advance(25 * MINUTE);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now())); // the other tab's write
    advance(25 * MINUTE);
    expect(localStorage.getItem(TOKEN_KEY)).not.toBeNull();
    advance(5 * MINUTE);
    await expectLoggedOutAtHome();
  });

  it('logs out on load when the stored activity is older than 30 minutes', async () => {
    serveApi({});
    signIn(4 * 3600);
    localStorage.setItem(LAST_ACTIVITY_KEY, String(Date.now() - INACTIVITY_LOGOUT_MS - MINUTE));
    renderShell('/userProfile');
    await expectLoggedOutAtHome();
  });

  it('writes the shared activity time at most every few seconds, keeping the latest', async () => {
    serveApi({});
    await renderSignedIn();
    advance(MINUTE);
    await user.pointer({ target: document.body, coords: { clientX: 10, clientY: 10 } });
    const firstWrite = Number(localStorage.getItem(LAST_ACTIVITY_KEY));
    expect(firstWrite).toBe(Date.now());

    advance(1_000);
    await user.pointer({ target: document.body, coords: { clientX: 20, clientY: 20 } });
    const latest = Date.now();
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(firstWrite);

    advance(ACTIVITY_WRITE_INTERVAL_MS);
    expect(Number(localStorage.getItem(LAST_ACTIVITY_KEY))).toBe(latest);
  });
});
