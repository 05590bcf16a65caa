import { fireEvent, screen, waitFor } from '@testing-library/react';
import { CONSENT_COOKIE } from '@healthlink/contracts';
import { callsTo, mockApi } from '@healthlink/test-support/fetch-mock';
import { renderShell, signIn } from '../../../test/render-shell';

const EVENTS = 'POST /api/analytics/events';

describe('page views', () => {
  beforeEach(() => {
    localStorage.clear();
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
  });

  it('sends one page view per route change: the path only, anonymous even for a member', async () => {
    signIn();
    const fetchMock = mockApi({ [EVENTS]: { status: 204 } });
    renderShell('/about?ref=newsletter');
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: about' });
    fireEvent.click(screen.getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: contact' });

    await waitFor(() => expect(callsTo(fetchMock, EVENTS)).toHaveLength(2));
    expect(callsTo(fetchMock, EVENTS).map((c) => c.body)).toEqual([
      { category: 'navigation', action: 'page_view', path: '/about' },
      { category: 'navigation', action: 'page_view', path: '/contact' },
    ]);
    for (const call of callsTo(fetchMock, EVENTS)) expect(call.headers.Authorization).toBeUndefined();
  });

  it('sends none while the consent cookie is rejectAll', async () => {
    document.cookie = `${CONSENT_COOKIE}=rejectAll; Path=/`;
    const fetchMock = mockApi({ [EVENTS]: { status: 204 } });
    renderShell('/');
    await screen.findByRole('heading', { level: 1 });
    fireEvent.click(screen.getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'mfe_public: contact' });
    expect(callsTo(fetchMock, EVENTS)).toHaveLength(0);
  });
});
