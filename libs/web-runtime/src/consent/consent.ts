import { useSyncExternalStore } from 'react';
import { CONSENT_COOKIE, type ConsentValue } from '@healthlink/contracts';

/** Dispatched on window when the choice changes: the shell and every remote bundle their own copy of this module. */
export const CONSENT_EVENT = 'healthlink:consent';
/** Spec part 1 §9: the cookie applies to the whole path; kept for one year. */
export const CONSENT_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

const VALUES: readonly ConsentValue[] = ['acceptAll', 'rejectAll'];

/** The recorded choice, or null when the visitor has not chosen (or the cookie holds something else). */
export function readConsent(): ConsentValue | null {
  if (typeof document === 'undefined') return null;
  for (const pair of document.cookie.split(';')) {
    const [name, ...rest] = pair.trim().split('=');
    if (name !== CONSENT_COOKIE) continue;
    const value = decodeURIComponent(rest.join('='));
    return (VALUES as readonly string[]).includes(value) ? (value as ConsentValue) : null;
  }
  return null;
}

/** Writes `consentCookie` (path=/, SameSite=Lax, one year; Secure on https) and tells every bundle. */
export function writeConsent(value: ConsentValue): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie = `${CONSENT_COOKIE}=${value}; Path=/; Max-Age=${CONSENT_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
  window.dispatchEvent(new CustomEvent(CONSENT_EVENT));
}

/** Spec part 1 §4: analytics run unless the visitor rejected them. */
export function analyticsAllowed(): boolean {
  return readConsent() !== 'rejectAll';
}

function subscribe(onChange: () => void): () => void {
  // Another tab may have changed the cookie: read it again when this one comes back into view.
  const onVisibility = () => {
    if (document.visibilityState === 'visible') onChange();
  };
  window.addEventListener(CONSENT_EVENT, onChange);
  document.addEventListener('visibilitychange', onVisibility);
  return () => {
    window.removeEventListener(CONSENT_EVENT, onChange);
    document.removeEventListener('visibilitychange', onVisibility);
  };
}

/** The visitor's cookie choice, kept current across bundles. */
export function useConsent(): ConsentValue | null {
  return useSyncExternalStore(subscribe, readConsent, () => null);
}
