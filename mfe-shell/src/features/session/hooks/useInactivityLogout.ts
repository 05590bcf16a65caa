import { useEffect, useRef } from 'react';
import { INACTIVITY_LOGOUT_MS } from '@healthlink/contracts';
import { getLastActivity, recordActivity, useSession } from '@healthlink/web-runtime';

/** What counts as activity (spec part 1 §4). */
export const ACTIVITY_EVENTS = ['click', 'mousemove', 'keydown', 'scroll'] as const;
/** Mouse moves fire many times a second: the shared time is written at most this often. */
export const ACTIVITY_WRITE_INTERVAL_MS = 5_000;

/**
 * Logs the user out after 30 minutes without activity in any tab. Tabs agree through the time
 * stored under LAST_ACTIVITY_KEY: each tab checks the shared time when its own timer fires, so
 * activity in one tab keeps the others signed in. A session found already idle (on load, or on
 * the first event after the computer slept) ends at once.
 */
export function useInactivityLogout(logout: () => void, timeoutMs: number = INACTIVITY_LOGOUT_MS): void {
  const { isLoggedIn } = useSession();
  const logoutRef = useRef(logout);
  useEffect(() => {
    logoutRef.current = logout;
  }, [logout]);

  useEffect(() => {
    if (!isLoggedIn) return undefined;
    let lastWrite = 0;
    let unwrittenAt: number | null = null;
    let flushTimer: ReturnType<typeof setTimeout> | undefined;
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;

    const write = (at: number) => {
      recordActivity(at);
      lastWrite = at;
      unwrittenAt = null;
    };
    const lastActivity = (now: number) => {
      const stored = getLastActivity();
      if (stored === null) write(now);
      return Math.max(stored ?? now, unwrittenAt ?? 0);
    };
    const stop = () => {
      clearTimeout(flushTimer);
      clearTimeout(expiryTimer);
      for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, true);
    };
    const endIfIdle = (now: number) => {
      if (now - lastActivity(now) < timeoutMs) return false;
      stop();
      logoutRef.current();
      return true;
    };
    const scheduleCheck = () => {
      const now = Date.now();
      if (endIfIdle(now)) return;
      clearTimeout(expiryTimer);
      expiryTimer = setTimeout(scheduleCheck, lastActivity(now) + timeoutMs - now);
    };
    const flush = () => {
      flushTimer = undefined;
      if (unwrittenAt !== null) write(unwrittenAt);
    };
    function onActivity() {
      const now = Date.now();
      if (endIfIdle(now)) return;
      if (now - lastWrite >= ACTIVITY_WRITE_INTERVAL_MS) {
        write(now);
      } else {
        unwrittenAt = now;
        flushTimer ??= setTimeout(flush, lastWrite + ACTIVITY_WRITE_INTERVAL_MS - now);
      }
    }

    scheduleCheck();
    for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, { capture: true, passive: true });
    return stop;
  }, [isLoggedIn, timeoutMs]);
}
