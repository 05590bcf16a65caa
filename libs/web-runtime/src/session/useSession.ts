import { useCallback, useSyncExternalStore } from 'react';
import { decodeToken, endSession, getValidToken, SESSION_EVENT, TOKEN_KEY } from './session';

export interface Session {
  token: string | null;
  isLoggedIn: boolean;
  logout: () => void;
}

// Browsers clamp longer timeouts to 1 ms, which would spin.
const MAX_TIMEOUT_MS = 2_147_483_647;

function subscribe(onChange: () => void): () => void {
  // Re-read when the current token expires, so the UI does not keep showing a dead session.
  let timer: ReturnType<typeof setTimeout> | undefined;
  const scheduleExpiry = () => {
    if (timer) clearTimeout(timer);
    timer = undefined;
    const token = getValidToken();
    if (!token) return;
    const exp = decodeToken(token).exp as number;
    timer = setTimeout(notify, Math.min(Math.max(exp * 1000 - Date.now() + 1, 0), MAX_TIMEOUT_MS));
  };
  const notify = () => {
    scheduleExpiry();
    onChange();
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || event.key === TOKEN_KEY) notify();
  };

  window.addEventListener('storage', onStorage);
  window.addEventListener(SESSION_EVENT, notify);
  scheduleExpiry();
  return () => {
    window.removeEventListener('storage', onStorage);
    window.removeEventListener(SESSION_EVENT, notify);
    if (timer) clearTimeout(timer);
  };
}

const getServerSnapshot = () => null;

/** The current session, kept in sync across tabs and across separately bundled remotes. */
export function useSession(): Session {
  const token = useSyncExternalStore(subscribe, () => getValidToken(), getServerSnapshot);
  const logout = useCallback(() => endSession(), []);
  return { token, isLoggedIn: token !== null, logout };
}
