import { PricingTexts } from '@healthlink/contracts';

/** The savings lookup's words (spec part 2 §2, §5, §8); the validation messages are the contract's. */
export const SavingsTexts = {
  title: 'Coupon-Service Savings Lookup',
  intro: 'Check what the coupon service would save on a list of NDCs at a pharmacy.',
  phoneLabel: 'Phone number',
  phoneHint: '10 digits',
  zipLabel: 'ZIP code',
  npiLabel: 'Pharmacy NPI',
  npiHint: '10 digits',
  ndcLabel: 'NDC codes',
  ndcHint: 'Separate them with commas, spaces or new lines; dashes are removed.',
  checkSavings: 'Check Savings',
  checking: 'Checking savings…',
  failed: 'Failed to check savings',
  noSavings: 'No savings found for the provided NDCs.',
  ndcListEmpty: PricingTexts.ndcListEmpty,
  ndcsFirst: 'Please enter NDC codes first',
  resultsCaption: 'Savings by NDC',
  pricesAsOf: (date: string) => `Prices as of ${date}`,
  rawResponse: 'Raw response',
  otherPages: 'Other debug pages',
  scrollRegion: 'Savings results, scrolls sideways',
} as const;
