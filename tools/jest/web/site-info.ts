import type { SiteInfo } from '@healthlink/contracts';

/** What GET /api/siteInfo answers in these tests (deliberately not the server's defaults). */
export const TEST_SITE_INFO: SiteInfo = {
  productName: 'CarePath',
  supportEmail: 'help@carepath.example',
  supportPhone: '(800) 555-0100',
  brokerPhone: '(800) 555-0199',
  blogUrl: 'https://blog.carepath.example/',
  linkedInUrl: 'https://www.linkedin.com/company/carepath-example',
  socialLinks: [
    { name: 'LinkedIn', url: 'https://www.linkedin.com/company/carepath-example' },
    { name: 'Facebook', url: 'https://www.facebook.com/carepath.example' },
  ],
};
