// Path segments that are credentials: the one-time referral code a partner hands a person.
const SECRET_SEGMENT_AFTER = /(\/exchangeReferralCodeForToken\/)[^/?#]+/g;

/**
 * A request URL as the log may show it: without the query string (OAuth codes and states arrive there, on
 * /intermediary/<insurer>?code=...) and with one-time codes in the path masked.
 */
export function loggableUrl(url: string | undefined): string {
  if (!url) return '';
  const path = url.split(/[?#]/, 1)[0];
  return path.replace(SECRET_SEGMENT_AFTER, '$1[redacted]');
}
