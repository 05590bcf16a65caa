import { act, renderHook } from '@testing-library/react';
import { CONSENT_COOKIE } from '@healthlink/contracts';
import { analyticsAllowed, readConsent, useConsent, writeConsent } from '../consent';

function clearCookie() {
  document.cookie = `${CONSENT_COOKIE}=; Path=/; Max-Age=0`;
}

describe('consent cookie', () => {
  beforeEach(clearCookie);

  it('is unset at first, which allows analytics', () => {
    expect(readConsent()).toBeNull();
    expect(analyticsAllowed()).toBe(true);
  });

  it('writes consentCookie for the whole site for one year, SameSite=Lax', () => {
    const writes: string[] = [];
    const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie')!;
    const spy = jest.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => {
      writes.push(value);
      descriptor.set!.call(document, value);
    });
    writeConsent('acceptAll');
    spy.mockRestore();
    expect(writes).toEqual([`${CONSENT_COOKIE}=acceptAll; Path=/; Max-Age=31536000; SameSite=Lax`]);
    expect(readConsent()).toBe('acceptAll');
  });

  it('rejectAll turns analytics off; acceptAll turns them back on', () => {
    writeConsent('rejectAll');
    expect(analyticsAllowed()).toBe(false);
    writeConsent('acceptAll');
    expect(analyticsAllowed()).toBe(true);
  });

  it('ignores a cookie value it does not know', () => {
    document.cookie = `${CONSENT_COOKIE}=maybe; Path=/`;
    expect(readConsent()).toBeNull();
  });

  it('useConsent follows a choice made in another bundle', () => {
    const { result } = renderHook(() => useConsent());
    expect(result.current).toBeNull();
    act(() => writeConsent('rejectAll'));
    expect(result.current).toBe('rejectAll');
  });
});
