/**
 * Everything brand- or deployment-specific that the shell shows: change it here, nowhere else.
 * The e-mail, phone and web addresses below are placeholders on reserved example ranges
 * (.example domains, 555-01xx numbers) until the real ones are supplied.
 */
export const BRAND = {
  productName: 'HealthLink',
  companyName: 'HealthLink',
  tagline: "Enriching people's lives through better healthcare accessibility.",
  copyrightYear: 2022,
  companyLocation: 'Los Angeles, CA',
  supportEmail: 'support@healthlink.example',
  brokerPhone: { display: '(800) 555-0142', tel: '+18005550142' },
  blogUrl: 'https://blog.healthlink.example/',
  social: [
    { network: 'LinkedIn', url: 'https://www.linkedin.com/company/healthlink.example' },
    { network: 'Facebook', url: 'https://www.facebook.com/healthlink.example' },
  ],
} as const;

export type Brand = typeof BRAND;
