import { act, render, screen } from '@testing-library/react';
import { TOKEN_KEY } from '../../session/session';
import { apiClient } from '../api-client';
import { CONNECTIVITY_EVENT, isConnectionFailure, isReconnecting, reportApiReachable } from '../connectivity';
import { useReconnecting } from '../useReconnecting';
import { ApiError } from '../api-error';

const fetchMock = jest.fn();
const reply = (status: number, body: unknown = {}) =>
  ({ ok: status >= 200 && status < 300, status, text: async () => JSON.stringify(body) }) as Response;
const UNAVAILABLE = { code: 'SERVICE.UNAVAILABLE', message: "We can't reach our records right now. Please try again in a moment." };

function Probe() {
  return <output>{useReconnecting() ? 'reconnecting' : 'connected'}</output>;
}

describe('connectivity', () => {
  beforeEach(() => {
    localStorage.clear();
    reportApiReachable();
    fetchMock.mockReset();
    globalThis.fetch = fetchMock;
  });

  it('marks the API unreachable on a 503 and keeps the session; a later answer to a signed-in call clears it', async () => {
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    const events = jest.fn();
    window.addEventListener(CONNECTIVITY_EVENT, events);
    render(<Probe />);

    fetchMock.mockResolvedValueOnce(reply(503, UNAVAILABLE));
    await act(() => expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session.token.x');
    expect(screen.getByText('reconnecting')).toBeInTheDocument();

    fetchMock.mockResolvedValueOnce(reply(503, UNAVAILABLE));
    await act(() => expect(apiClient.get('/api/user')).rejects.toBeInstanceOf(ApiError));
    expect(events).toHaveBeenCalledTimes(1);

    fetchMock.mockResolvedValueOnce(reply(404, { code: 'REQUEST.NOT_FOUND', message: 'Not found' }));
    await act(() => expect(apiClient.get('/api/thing')).rejects.toMatchObject({ status: 404 }));
    expect(screen.getByText('connected')).toBeInTheDocument();
    expect(events).toHaveBeenCalledTimes(2);
    window.removeEventListener(CONNECTIVITY_EVENT, events);
  });

  it('marks it unreachable when no answer comes or a gateway fails, without ending the session', async () => {
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 0 });
    expect(isReconnecting()).toBe(true);
    reportApiReachable();
    fetchMock.mockResolvedValueOnce({ ok: false, status: 502, text: async () => '<html>Bad gateway</html>' } as Response);
    await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 502 });
    expect(isReconnecting()).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session.token.x');
  });

  it('does not take an anonymous answer (which may not need the database) or a 401 for recovery', async () => {
    fetchMock.mockResolvedValueOnce(reply(503, UNAVAILABLE));
    await expect(apiClient.get('/api/siteInfo')).rejects.toMatchObject({ status: 503 });
    fetchMock.mockResolvedValueOnce(reply(200, {}));
    await apiClient.get('/api/siteInfo');
    expect(isReconnecting()).toBe(true);
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    fetchMock.mockResolvedValueOnce(reply(401, { code: 'AUTH.UNAUTHORIZED', message: 'Unauthorized' }));
    await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 401 });
    expect(isReconnecting()).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('classifies outages by status, never by message', () => {
    expect(isConnectionFailure(new ApiError(503, { code: 'ANY.CODE', message: 'whatever' }))).toBe(true);
    expect(isConnectionFailure(new ApiError(0, { code: 'NETWORK.UNREACHABLE', message: '' }))).toBe(true);
    expect(isConnectionFailure(new ApiError(500, { code: 'INTERNAL.UNEXPECTED', message: 'Service unavailable' }))).toBe(false);
    expect(isConnectionFailure(new Error('503'))).toBe(false);
  });
});
