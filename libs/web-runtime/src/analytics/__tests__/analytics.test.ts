import { CONSENT_COOKIE } from '@healthlink/contracts';
import { TOKEN_KEY } from '../../session/session';
import { writeConsent } from '../../consent/consent';
import { analyticsPath, trackEvent, trackPageView } from '../analytics';

const fetchMock = jest.fn();

describe('first-party analytics', () => {
  beforeEach(() => {
    document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
    localStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue({ ok: true, status: 204, text: async () => '' });
    globalThis.fetch = fetchMock;
  });

  it('sends { category, action, path } without any Authorization header, even when signed in', () => {
    localStorage.setItem(TOKEN_KEY, 'abc.def.ghi');
    trackEvent('home', 'get_started', '/');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/analytics/events');
    expect(init.method).toBe('POST');
    expect(JSON.parse(init.body)).toEqual({ category: 'home', action: 'get_started', path: '/' });
    expect(init.headers.Authorization).toBeUndefined();
    expect(init.keepalive).toBe(true);
  });

  it('a page view is category navigation, action page_view, of the current path by default', () => {
    window.history.pushState({}, '', '/contact?email=someone@example.com#form');
    trackPageView(window.location.pathname);
    trackEvent('contact', 'submit');
    expect(fetchMock.mock.calls.map(([, init]) => JSON.parse(init.body))).toEqual([
      { category: 'navigation', action: 'page_view', path: '/contact' },
      { category: 'contact', action: 'submit', path: '/contact' },
    ]);
  });

  it('sends nothing after Reject all, and again after Accept all', () => {
    writeConsent('rejectAll');
    trackPageView('/about');
    trackEvent('home', 'get_started', '/');
    expect(fetchMock).not.toHaveBeenCalled();

    writeConsent('acceptAll');
    trackPageView('/about');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('never throws when the server cannot be reached', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(() => trackPageView('/')).not.toThrow();
    await Promise.resolve();
  });

  it('reports parameterised routes by their pattern, so typed text never leaves as a path', () => {
    expect(analyticsPath('/open-ai/my%20chest%20pain')).toBe('/open-ai/:query');
    expect(analyticsPath('/intermediary/uhc')).toBe('/intermediary/:insurerPathParam');
    expect(analyticsPath('/about')).toBe('/about');
    expect(analyticsPath('/')).toBe('/');
  });

  it('keeps each field within the server limit', () => {
    trackEvent('c'.repeat(300), 'a'.repeat(300), '/');
    const body = JSON.parse(fetchMock.mock.calls[0][1].body);
    expect(body.category).toHaveLength(100);
    expect(body.action).toHaveLength(100);
  });
});
