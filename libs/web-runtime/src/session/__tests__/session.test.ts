import {
  decodeToken,
  endSession,
  getLastActivity,
  getValidToken,
  InvalidTokenError,
  isLoggedIn,
  isTokenValid,
  LAST_ACTIVITY_KEY,
  recordActivity,
  SESSION_EVENT,
  startSession,
  TOKEN_KEY,
} from '../session';
import { buildUnsignedToken } from '../unsigned-token';

const inSeconds = (offset: number) => Math.floor(Date.now() / 1000) + offset;

describe('session', () => {
  beforeEach(() => localStorage.clear());

  it('decodes the payload of a JWT, including non-ASCII claims', () => {
    const token = buildUnsignedToken({ sub: 'u-1', firstName: 'José', exp: 123 });
    expect(decodeToken(token)).toEqual({ sub: 'u-1', firstName: 'José', exp: 123 });
  });

  it.each(['', 'not-a-jwt', 'a.%%%.c', `x.${btoa('[1,2]')}.y`])('throws "Invalid token specified" for %p', (token) => {
    expect(() => decodeToken(token)).toThrow(InvalidTokenError);
    expect(() => decodeToken(token)).toThrow('Invalid token specified');
  });

  it('counts a token as valid only before its exp', () => {
    expect(isTokenValid(buildUnsignedToken({ exp: inSeconds(60) }))).toBe(true);
    expect(isTokenValid(buildUnsignedToken({ exp: inSeconds(-1) }))).toBe(false);
    expect(isTokenValid(buildUnsignedToken({ sub: 'no-exp' }))).toBe(false);
    expect(isTokenValid('garbage')).toBe(false);
    expect(isTokenValid(null)).toBe(false);
  });

  it('treats an expired or unparseable stored token as logged out', () => {
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ exp: inSeconds(-30) }));
    expect(isLoggedIn()).toBe(false);
    localStorage.setItem(TOKEN_KEY, 'garbage');
    expect(getValidToken()).toBeNull();
  });

  it('stores the token on login, clears token and activity time on logout, and announces both', () => {
    const listener = jest.fn();
    window.addEventListener(SESSION_EVENT, listener);
    const token = buildUnsignedToken({ exp: inSeconds(600) });

    startSession(token);
    expect(localStorage.getItem(TOKEN_KEY)).toBe(token);
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).not.toBeNull();
    expect(isLoggedIn()).toBe(true);

    endSession();
    expect(localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBeNull();
    expect(listener).toHaveBeenCalledTimes(2);
    window.removeEventListener(SESSION_EVENT, listener);
  });

  it('records activity in storage for every tab, never moving it backwards', () => {
    expect(getLastActivity()).toBeNull();
    recordActivity(2_000);
    expect(localStorage.getItem(LAST_ACTIVITY_KEY)).toBe('2000');
    recordActivity(1_000);
    expect(getLastActivity()).toBe(2_000);
    localStorage.setItem(LAST_ACTIVITY_KEY, 'garbage');
    expect(getLastActivity()).toBeNull();
  });
});
