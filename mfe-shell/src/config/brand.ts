/**
 * The brand facts the spec fixes (part 1 §1). The product's name, e-mail, phone numbers and web links
 * are configuration: they come from GET /api/siteInfo (`useSiteInfo` in @healthlink/web-runtime).
 */
export const BRAND = {
  tagline: "Enriching people's lives through better healthcare accessibility.",
  copyrightYear: 2022,
  companyLocation: 'Los Angeles, CA',
} as const;

export type Brand = typeof BRAND;
