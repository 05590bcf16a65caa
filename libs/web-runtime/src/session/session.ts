/** Storage keys fixed by the spec (part 1 §9). */
export const TOKEN_KEY = 'userToken';
/** Time of the user's last activity (ms), shared by every tab for the 30-minute inactivity logout. */
export const LAST_ACTIVITY_KEY = 'lastUserActivityTimestamp';
/**
 * Dispatched on window by login and logout. The shell and every remote bundle their own copy of
 * this module, so module state cannot be shared; the window event and `storage` keep them in step.
 */
export const SESSION_EVENT = 'healthlink:session';

export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
  constructor() {
    // The spec's wording for an unparseable token.
    super('Invalid token specified');
  }
}

export interface TokenClaims {
  exp?: number;
  sub?: string;
  [claim: string]: unknown;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Reads a JWT's payload without verifying it (the server verifies); throws InvalidTokenError. */
export function decodeToken(token: string): TokenClaims {
  const payload = token.split('.')[1];
  if (!payload) throw new InvalidTokenError();
  try {
    const claims: unknown = JSON.parse(base64UrlDecode(payload));
    if (typeof claims !== 'object' || claims === null || Array.isArray(claims)) throw new InvalidTokenError();
    return claims as TokenClaims;
  } catch {
    throw new InvalidTokenError();
  }
}

/** A token counts only if it parses and its `exp` (seconds) is still ahead. */
export function isTokenValid(token: string | null | undefined, now: number = Date.now()): token is string {
  if (!token) return false;
  try {
    const { exp } = decodeToken(token);
    return typeof exp === 'number' && exp * 1000 > now;
  } catch {
    return false;
  }
}

function safeStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getToken(): string | null {
  return safeStorage()?.getItem(TOKEN_KEY) ?? null;
}

/** The stored token if it is still valid, otherwise null. */
export function getValidToken(now: number = Date.now()): string | null {
  const token = getToken();
  return isTokenValid(token, now) ? token : null;
}

export function isLoggedIn(now: number = Date.now()): boolean {
  return getValidToken(now) !== null;
}

/** The last recorded activity in any tab, or null when none is stored (or it is unreadable). */
export function getLastActivity(): number | null {
  const stored = Number(safeStorage()?.getItem(LAST_ACTIVITY_KEY) ?? Number.NaN);
  return Number.isFinite(stored) && stored > 0 ? stored : null;
}

/** Records activity; never moves the shared time backwards (another tab may have written later). */
export function recordActivity(at: number = Date.now()): void {
  const storage = safeStorage();
  if (!storage) return;
  const last = getLastActivity();
  if (last === null || at > last) storage.setItem(LAST_ACTIVITY_KEY, String(at));
}

function announce(): void {
  window.dispatchEvent(new CustomEvent(SESSION_EVENT));
}

/** Stores the token after a login or sign-up and tells every bundle. */
export function startSession(token: string): void {
  const storage = safeStorage();
  storage?.setItem(TOKEN_KEY, token);
  storage?.setItem(LAST_ACTIVITY_KEY, String(Date.now()));
  announce();
}

/** Logout: forgets the token and the activity time and tells every bundle. */
export function endSession(): void {
  const storage = safeStorage();
  storage?.removeItem(TOKEN_KEY);
  storage?.removeItem(LAST_ACTIVITY_KEY);
  announce();
}
