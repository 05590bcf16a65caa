/**
 * Texts of the drug screens that the spec does not give word for word (its own are in PricingTexts, contracts).
 * Where the spec names only the cause (the Rx Coupons card's text line, part 1 §8), the words are ours.
 */
export const DrugTexts = {
  couponCardTitle: 'Drug Coupons',
  drugNamePlaceholder: 'e.g. Atorvastatin',
  searchCoupons: 'Search Coupons',
  searchingCoupons: 'Searching for coupons',
  getCoupon: 'Get Coupon',
  noCouponPrice: 'No coupon price',
  pricesAsOf: (date: string) => `Prices as of ${date}`,
  retailAsOf: (date: string) => `Estimated retail cost from the CMS National Average Drug Acquisition Cost (NADAC) as of ${date}`,
  // The Rx Coupons card's text line names the cause (part 1 §8).
  couponNoPollingId: 'The coupon search could not be started (no search id was returned). Please try again later.',
  couponNoPriceData: 'The coupon service returned no price data for this drug. Please try again later.',
  // The simple card's disclaimer (part 1 §2).
  simpleDisclaimer: 'Enter a phone number in the drug savings widget below to redeem a coupon for free.',
  // The Rx Coupons modal (part 1 §2, part 2 §2).
  couponFound: (drug: string, price: string) => `We found ${drug} for ${price} out of your pocket`,
  enrollmentDisclaimer:
    'By continuing, you create an account with our coupon service provider, RxLink, and agree to share the prescription information needed for this coupon with it. You will then be redirected to its site to redeem your coupon.',
  approximateDisclaimer:
    'All prices are approximate: the price at the pharmacy may differ. Coupon prices come from the coupon service; estimated retail costs are worked out from public reference prices.',
  phoneLabel: 'Phone Number',
  phoneHint: '10 digits, numbers only',
  sendCoupon: 'Get My Coupon',
  enrolling: 'Getting your coupon',
  couponOpened: 'Your coupon opened in a new tab.',
  openCouponLink: 'Open your coupon page (opens in a new tab)',
  // Drug lookup (part 1 §2).
  findMyDrug: 'Find My Drug',
  lookingUp: 'Looking up...',
  drugTypePlaceholder: 'Select a Type',
  ndcHint: 'Optional: the 10 or 11 digit code on the bottle, with or without dashes',
  zipcodeHint: '5 digits',
  matchesTitle: (count: number) => `${count} ${count === 1 ? 'match' : 'matches'} found`,
  matchesLead: 'Choose the drug that matches your label.',
  resultsTitle: 'Results',
  notAvailable: 'N/A',
  noPrice: 'No price found',
  priceNoteLabel: 'How this price was worked out',
} as const;
