/** Public site (spec part 1 §2, §4, §9): consent, first-party analytics, site facts (the contact form: contact-form.ts). */

/** Cookie consent (part 1 §3, §9). */
export const CONSENT_COOKIE = 'consentCookie';
export type ConsentValue = 'acceptAll' | 'rejectAll';

/** POST /api/analytics/events: first-party, no user id, no health data, the path without its query string. */
export interface AnalyticsEventRequest {
  category: string;
  action: string;
  path: string;
}
export const ANALYTICS_FIELD_MAX_LENGTH = 100;

/** GET /api/siteInfo: the facts the pages show, from configuration. */
export interface SiteInfo {
  productName: string;
  supportEmail: string;
  supportPhone: string;
  brokerPhone: string;
  blogUrl: string;
  linkedInUrl: string;
  socialLinks: { name: string; url: string }[];
}
