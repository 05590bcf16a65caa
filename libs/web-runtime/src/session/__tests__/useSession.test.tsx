import { act, render, screen } from '@testing-library/react';
import { SESSION_EVENT, TOKEN_KEY } from '../session';
import { buildUnsignedToken } from '../unsigned-token';
import { useSession } from '../useSession';

function SessionProbe() {
  const { isLoggedIn } = useSession();
  return <p>{isLoggedIn ? 'signed in' : 'signed out'}</p>;
}

const validToken = () => buildUnsignedToken({ exp: Math.floor(Date.now() / 1000) + 600 });

describe('useSession', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => jest.useRealTimers());

  it('follows a login announced by another bundle through the session event', () => {
    render(<SessionProbe />);
    expect(screen.getByText('signed out')).toBeInTheDocument();

    // Another bundle's copy of the runtime writes storage and dispatches the event.
    act(() => {
      localStorage.setItem(TOKEN_KEY, validToken());
      window.dispatchEvent(new CustomEvent(SESSION_EVENT));
    });
    expect(screen.getByText('signed in')).toBeInTheDocument();

    act(() => {
      localStorage.removeItem(TOKEN_KEY);
      window.dispatchEvent(new CustomEvent(SESSION_EVENT));
    });
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('follows a logout in another tab through the storage event', () => {
    localStorage.setItem(TOKEN_KEY, validToken());
    render(<SessionProbe />);
    expect(screen.getByText('signed in')).toBeInTheDocument();

    act(() => {
      localStorage.removeItem(TOKEN_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: TOKEN_KEY }));
    });
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });

  it('reports an expired token as signed out, and signs out when a live token expires', () => {
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ exp: Math.floor(Date.now() / 1000) - 5 }));
    const { unmount } = render(<SessionProbe />);
    expect(screen.getByText('signed out')).toBeInTheDocument();
    unmount();

    jest.useFakeTimers();
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ exp: Math.floor(Date.now() / 1000) + 2 }));
    render(<SessionProbe />);
    expect(screen.getByText('signed in')).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(3000));
    expect(screen.getByText('signed out')).toBeInTheDocument();
  });
});
