import { loggableUrl } from './loggable-url';

describe('loggableUrl', () => {
  it('drops the query string, where OAuth codes and states arrive', () => {
    expect(loggableUrl('/intermediary/blueButton?code=AUTH-CODE-123&state=s')).toBe('/intermediary/blueButton');
  });

  it('masks a referral code in the path', () => {
    expect(loggableUrl('/api/externalEnrollment/exchangeReferralCodeForToken/REF-CODE-9?x=1')).toBe(
      '/api/externalEnrollment/exchangeReferralCodeForToken/[redacted]',
    );
  });

  it('keeps ordinary paths', () => {
    expect(loggableUrl('/api/pollingEvent/3f1c')).toBe('/api/pollingEvent/3f1c');
    expect(loggableUrl(undefined)).toBe('');
  });
});
