import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { CONSENT_COOKIE } from '@healthlink/contracts';
import { readConsent } from '@healthlink/web-runtime';
import { callsTo, serveApi } from '@healthlink/test-support/api-server';
import { renderShell } from '../../../test/render-shell';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const EVENTS = 'POST /api/analytics/events';
const banner = () => screen.getByRole('region', { name: 'Cookies on this site' });
// The banner's code loads on the first press.
const openBanner = async () => {
  await user.click(toggle());
  return screen.findByRole('region', { name: 'Cookies on this site' });
};
const toggle = () => screen.getByRole('button', { name: 'Cookies' });

async function setup(path = '/') {
  serveApi({ [EVENTS]: { status: 204 } });
  renderShell(path);
  await screen.findByRole('heading', { level: 1 });
}

describe('cookie consent', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('is a floating Cookies button in its own landmark; the banner is closed until it is pressed', async () => {
    await setup();
    const landmark = screen.getByRole('complementary', { name: 'Cookie consent' });
    expect(within(landmark).getByRole('button', { name: 'Cookies' })).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('region', { name: 'Cookies on this site' })).not.toBeInTheDocument();

    await openBanner();
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    expect(toggle()).toHaveAttribute('aria-controls', banner().id);
    for (const name of ['Accept all', 'Reject all', 'Close']) expect(within(banner()).getByRole('button', { name })).toBeVisible();
    expect(within(banner()).getByRole('link', { name: /Privacy Policy/ })).toHaveAttribute('href', '/privacyPolicy');
  });

  it('Close only closes: no cookie is written, focus returns to the button', async () => {
    await setup();
    await openBanner();
    await user.click(within(banner()).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('region', { name: 'Cookies on this site' })).not.toBeInTheDocument();
    expect(readConsent()).toBeNull();
    expect(toggle()).toHaveFocus();
  });

  it('Escape closes the banner like Close', async () => {
    await setup();
    await openBanner();
    within(banner()).getByRole('button', { name: 'Accept all' }).focus();
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(readConsent()).toBeNull();
  });

  it('Reject all writes consentCookie=rejectAll, closes, and no analytics event is sent afterwards', async () => {
    await setup('/');
    await waitFor(() => expect(callsTo(EVENTS)).toHaveLength(1));
    expect(callsTo(EVENTS)[0].body).toEqual({ category: 'navigation', action: 'page_view', path: '/' });

    await openBanner();
    await user.click(within(banner()).getByRole('button', { name: 'Reject all' }));
    expect(readConsent()).toBe('rejectAll');
    expect(document.cookie).toContain(`${CONSENT_COOKIE}=rejectAll`);
    expect(screen.queryByRole('region', { name: 'Cookies on this site' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: contact' });
    await act(async () => undefined);
    expect(callsTo(EVENTS)).toHaveLength(1);
  });

  it('Accept all writes consentCookie=acceptAll and page views are sent again', async () => {
    document.cookie = `${CONSENT_COOKIE}=rejectAll; Path=/`;
    await setup('/');
    expect(callsTo(EVENTS)).toHaveLength(0);
    await openBanner();
    expect(within(banner()).getByText(/You rejected all optional cookies/)).toBeInTheDocument();
    await user.click(within(banner()).getByRole('button', { name: 'Accept all' }));
    expect(readConsent()).toBe('acceptAll');

    await user.click(screen.getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: contact' });
    await waitFor(() =>
      expect(callsTo(EVENTS).map((c) => c.body)).toEqual([
        { category: 'consent', action: 'accept_all', path: '/' },
        { category: 'navigation', action: 'page_view', path: '/contact' },
      ]),
    );
  });
});
