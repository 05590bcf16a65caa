import { act, render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server, serveApi, type ApiReply } from '@healthlink/test-support/api-server';
import { TOKEN_KEY } from '../../session/session';
import { apiClient } from '../api-client';
import { CONNECTIVITY_EVENT, isConnectionFailure, isReconnecting, reportApiReachable } from '../connectivity';
import { useReconnecting } from '../useReconnecting';
import { ApiError } from '../api-error';

// Each call gets the next answer, as the server gave them in turn.
function answerInTurn(...replies: ApiReply[]) {
  const next = (): ApiReply => replies.shift() ?? 'network-error';
  serveApi({ 'GET /api/user': next, 'GET /api/thing': next, 'GET /api/siteInfo': next });
}
const reply = (status: number, body: unknown = {}): ApiReply => ({ status, body });
const UNAVAILABLE = { code: 'SERVICE.UNAVAILABLE', message: "We can't reach our records right now. Please try again in a moment." };

function Probe() {
  return <output>{useReconnecting() ? 'reconnecting' : 'connected'}</output>;
}

describe('connectivity', () => {
  beforeEach(() => {
    localStorage.clear();
    reportApiReachable();
  });

  it('marks the API unreachable on a 503 and keeps the session; a later answer to a signed-in call clears it', async () => {
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    const events = jest.fn();
    window.addEventListener(CONNECTIVITY_EVENT, events);
    render(<Probe />);
    answerInTurn(reply(503, UNAVAILABLE), reply(503, UNAVAILABLE), reply(404, { code: 'REQUEST.NOT_FOUND', message: 'Not found' }));

    await act(() => expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' }));
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session.token.x');
    expect(screen.getByText('reconnecting')).toBeInTheDocument();

    await act(() => expect(apiClient.get('/api/user')).rejects.toBeInstanceOf(ApiError));
    expect(events).toHaveBeenCalledTimes(1);

    await act(() => expect(apiClient.get('/api/thing')).rejects.toMatchObject({ status: 404 }));
    expect(screen.getByText('connected')).toBeInTheDocument();
    expect(events).toHaveBeenCalledTimes(2);
    window.removeEventListener(CONNECTIVITY_EVENT, events);
  });

  it('marks it unreachable when no answer comes or a gateway fails, without ending the session', async () => {
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    answerInTurn('network-error');
    await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 0 });
    expect(isReconnecting()).toBe(true);
    reportApiReachable();
    const badGateway = () => new HttpResponse('<html>Bad gateway</html>', { status: 502, headers: { 'Content-Type': 'text/html' } });
    server.use(http.get('/api/user', badGateway));
    await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 502 });
    expect(isReconnecting()).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBe('session.token.x');
  });

  it('takes a 502 that carries one of our codes (a partner of ours is down) as the API answering', async () => {
    reportApiReachable();
    const partnerDown = () =>
      HttpResponse.json({ code: 'INSURERS.DISCOVERY_FAILED', message: 'We could not reach Aetna right now.' }, { status: 502 });
    server.use(http.get('/api/insurerDataFetch/aetnaFetch/oauth2/authorize', partnerDown));
    await expect(apiClient.get('/api/insurerDataFetch/aetnaFetch/oauth2/authorize')).rejects.toMatchObject({
      status: 502,
      code: 'INSURERS.DISCOVERY_FAILED',
    });
    expect(isReconnecting()).toBe(false);
  });

  it('does not take an anonymous answer (which may not need the database) or a 401 for recovery', async () => {
    answerInTurn(reply(503, UNAVAILABLE), reply(200, {}), reply(401, { code: 'AUTH.UNAUTHORIZED', message: 'Unauthorized' }));
    await expect(apiClient.get('/api/siteInfo')).rejects.toMatchObject({ status: 503 });
    await apiClient.get('/api/siteInfo');
    expect(isReconnecting()).toBe(true);
    localStorage.setItem(TOKEN_KEY, 'session.token.x');
    await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 401 });
    expect(isReconnecting()).toBe(true);
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('classifies outages by status, never by message', () => {
    expect(isConnectionFailure(new ApiError(503, { code: 'ANY.CODE', message: 'whatever' }))).toBe(true);
    expect(isConnectionFailure(new ApiError(502, { code: 'INSURERS.DISCOVERY_FAILED', message: 'whatever' }))).toBe(false);
    expect(isConnectionFailure(new ApiError(0, { code: 'NETWORK.UNREACHABLE', message: '' }))).toBe(true);
    expect(isConnectionFailure(new ApiError(500, { code: 'INTERNAL.UNEXPECTED', message: 'Service unavailable' }))).toBe(false);
    expect(isConnectionFailure(new Error('503'))).toBe(false);
  });
});
