import { act, screen, waitFor, within } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import type { RemoteAppProps } from '@healthlink/contracts';
import { apiClient, ApiError, reportApiReachable, TOKEN_KEY, type RemoteAppLoader } from '@healthlink/web-runtime';
import { serveApi } from '@healthlink/test-support/api-server';
import { renderShell, signIn } from '../../../test/render-shell';
import { createQueryClient } from '../../../app/query-client';

const location = () => screen.getByTestId('location').textContent;
const reconnectingText = /Reconnecting/;
const HEALTH_DOWN = { status: 503, body: { status: 'error', down: ['database'] } };
const UNAVAILABLE = {
  status: 503,
  body: { code: 'SERVICE.UNAVAILABLE', message: "We can't reach our records right now. Please try again in a moment." },
};

async function openSignedIn() {
  const token = signIn();
  renderShell('/userProfile');
  await screen.findByRole('heading', { level: 1, name: 'mfe_dashboard: userProfile' });
  return token;
}

function statusRegion(): HTMLElement {
  return screen.getAllByRole('status').find((el) => el.classList.contains('shell-reconnecting')) as HTMLElement;
}

describe('a database outage in the web', () => {
  beforeEach(() => {
    localStorage.clear();
    act(() => reportApiReachable());
  });

  it('keeps the session on a 503, says it is reconnecting, and clears that when a call gets through', async () => {
    const user = { id: 'user-1', email: 'a@b.c' };
    let answer: typeof UNAVAILABLE | { status: number; body: unknown } = UNAVAILABLE;
    serveApi({ 'GET /api/user': () => answer, 'GET /api/health': HEALTH_DOWN });
    const token = await openSignedIn();
    expect(within(statusRegion()).queryByText(reconnectingText)).not.toBeInTheDocument();

    await act(async () => {
      await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 503, code: 'SERVICE.UNAVAILABLE' });
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(location()).toBe('/userProfile');
    expect(statusRegion()).toHaveAttribute('aria-live', 'polite');
    expect(within(statusRegion()).getByText(reconnectingText)).toBeInTheDocument();

    answer = { status: 200, body: user };
    await act(async () => {
      await expect(apiClient.get('/api/user')).resolves.toEqual(user);
    });
    expect(within(statusRegion()).queryByText(reconnectingText)).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'mfe_dashboard: userProfile' })).toBeInTheDocument();
  });

  it('keeps the session when the server cannot be reached, and probes /api/health until it answers', async () => {
    let healthy = false;
    serveApi({
      'GET /api/user': 'network-error',
      'GET /api/health': () => (healthy ? { status: 200, body: { status: 'ok' } } : HEALTH_DOWN),
    });
    const token = await openSignedIn();
    await act(async () => {
      await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 0 });
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(within(statusRegion()).getByText(reconnectingText)).toBeInTheDocument();

    healthy = true;
    await waitFor(() => expect(within(statusRegion()).queryByText(reconnectingText)).not.toBeInTheDocument(), { timeout: 5_000 });
    expect(location()).toBe('/userProfile');
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
  });

  it('fetches again what failed during the outage once the API answers', async () => {
    let up = false;
    serveApi({
      'GET /api/user': () => (up ? { status: 200, body: { email: 'ada@example.com' } } : UNAVAILABLE),
      'GET /api/health': () => (up ? { status: 200, body: { status: 'ok' } } : HEALTH_DOWN),
    });
    function Profile(_props: RemoteAppProps) {
      const user = useQuery({ queryKey: ['user'], queryFn: () => apiClient.get<{ email: string }>('/api/user'), retry: false });
      return <h1>{user.data?.email ?? (user.isError ? 'Profile unavailable' : 'Loading')}</h1>;
    }
    const loader = jest.fn(async () => Profile) as unknown as RemoteAppLoader;
    const token = signIn();
    renderShell('/userProfile', loader);
    expect(await screen.findByRole('heading', { level: 1, name: 'Profile unavailable' })).toBeInTheDocument();
    expect(within(statusRegion()).getByText(reconnectingText)).toBeInTheDocument();

    up = true;
    expect(await screen.findByRole('heading', { level: 1, name: 'ada@example.com' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(within(statusRegion()).queryByText(reconnectingText)).not.toBeInTheDocument();
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(location()).toBe('/userProfile');
  });

  it('still ends the session on a 401', async () => {
    serveApi({ 'GET /api/user': { status: 401, body: { code: 'AUTH.UNAUTHORIZED', message: 'Unauthorized' } } });
    await openSignedIn();
    await act(async () => {
      await expect(apiClient.get('/api/user')).rejects.toMatchObject({ status: 401 });
    });
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(location()).toBe('/');
    expect(within(statusRegion()).queryByText(reconnectingText)).not.toBeInTheDocument();
  });
});

describe('the query client during an outage', () => {
  const retry = createQueryClient().getDefaultOptions().queries?.retry as (count: number, error: unknown) => boolean;
  const delay = createQueryClient().getDefaultOptions().queries?.retryDelay as (attempt: number) => number;

  it('retries an outage (503, no answer) several times with a growing pause, other failures once', () => {
    const unavailable = new ApiError(503, UNAVAILABLE.body);
    const unreachable = new ApiError(0, { code: 'NETWORK.UNREACHABLE', message: 'x' });
    const notFound = new ApiError(404, { code: 'REQUEST.NOT_FOUND', message: 'x' });
    expect([0, 1, 2, 3, 4, 5].map((n) => retry(n, unavailable))).toEqual([true, true, true, true, true, false]);
    expect(retry(3, unreachable)).toBe(true);
    expect([0, 1].map((n) => retry(n, notFound))).toEqual([true, false]);
    expect([0, 1, 2, 3, 4].map(delay)).toEqual([1_000, 2_000, 4_000, 8_000, 10_000]);
  });
});
