import { screen, waitFor } from '@testing-library/react';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { CONSENT_COOKIE } from '@healthlink/contracts';
import { callsTo, serveApi } from '@healthlink/test-support/api-server';
import { renderShell, signIn } from '../../../test/render-shell';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const EVENTS = 'POST /api/analytics/events';

describe('page views', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('sends one page view per route change: the path only, anonymous even for a member', async () => {
    signIn();
    serveApi({ [EVENTS]: { status: 204 } });
    renderShell('/about?ref=newsletter');
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: about' });
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: contact' });

    await waitFor(() => expect(callsTo(EVENTS)).toHaveLength(2));
    expect(callsTo(EVENTS).map((c) => c.body)).toEqual([
      { category: 'navigation', action: 'page_view', path: '/about' },
      { category: 'navigation', action: 'page_view', path: '/contact' },
    ]);
    for (const call of callsTo(EVENTS)) expect(call.headers.authorization).toBeUndefined();
  });

  it('sends none while the consent cookie is rejectAll', async () => {
    document.cookie = `${CONSENT_COOKIE}=rejectAll; Path=/`;
    serveApi({ [EVENTS]: { status: 204 } });
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    await user.click(screen.getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: contact' });
    expect(callsTo(EVENTS)).toHaveLength(0);
  });
});
