import { PLAN_ALERT_MIN_SAVINGS, PLAN_YEAR, PlanTexts as SharedTexts } from '@healthlink/contracts';

/** The plan screens' texts: the spec's (part 2 §8) from the contracts, and the screens' own. */
export const PlanTexts = {
  ...SharedTexts,
  /** The data's name, as the loading and list texts use it. */
  title: 'Medicare Options',
  pageIntro: `Every ${PLAN_YEAR} Medicare plan offered where you live, ranked by what your own last 12 months of care and prescriptions would have cost under it.`,
  detailsTitle: 'Plan Details',
  /** A fetch that failed (HTTP error, a polling error, no answer in time): not the same as ranks that could not be made. */
  widgetFailed: 'Something went wrong with fetching your Medicare plan options. Please try again later.',
  progressLabel: 'Ranking the Medicare plans in your county',
  progressMessage: 'Pricing every plan against your own claims and prescriptions…',
  progressDone: 'Your plans are ranked.',
  listLabel: 'Medicare plans ranked by estimated yearly cost',
  basis: (from: string, to: string, dataAsOf: string) =>
    `Estimated from your claims and prescriptions from ${from} to ${to}; ${PLAN_YEAR} plan data as of ${dataAsOf}.`,
  /** Drugs not priced by the member's own fills are priced from NADAC: its date goes with every estimate. */
  priceAsOf: (date: string) => `Drugs without a price on your own claims are priced from NADAC of ${date}.`,
  // The county as the ZIP list names it, kind included: "Albany County", "Orleans Parish", "Fairfax city".
  county: (county: string, state: string) => `Plans offered in ${county}, ${state}.`,
  otherCounties: (counties: string[], county: string) =>
    `Your ZIP code also reaches ${counties.join(', ')}; the plans shown are those offered in ${county}. If you live in one of the others, your plans may differ.`,
  specialNeeds: (count: number) =>
    `${count} Special Needs ${count === 1 ? 'Plan' : 'Plans'} not shown: ${count === 1 ? 'it needs' : 'they need'} eligibility.`,
  noCostDetails: (count: number) => `${count} ${count === 1 ? 'plan' : 'plans'} not shown: the plan data gives no costs to estimate with.`,
  currentPlan: (name: string, yearly: string, basis: 'catalogue' | 'actual-payments') =>
    basis === 'catalogue'
      ? `Compared with your current plan, ${name}: ${yearly} a year under the same estimate.`
      : `Compared with your current plan, ${name}: ${yearly} a year, from what you actually paid (medical and prescriptions, premiums not included).`,
  noCurrentPlan: 'We do not know your current plan, so the plans are not compared with it.',
  noPlans: 'No plans to show for your county.',
  dashboardSummary: (shown: number, total: number) => `Showing the ${shown} lowest-cost of ${total} ${total === 1 ? 'plan' : 'plans'}.`,
  lessThanCurrent: (amount: string) => `${amount} less than your current plan`,
  moreThanCurrent: (amount: string) => `${amount} more than your current plan`,
  sameAsCurrent: 'About the same as your current plan',
  perMonth: (amount: string) => `${amount} a month`,
  perYear: (amount: string) => `${amount} a year`,
  stars: (rating: number) => `${rating} out of 5 stars`,
  noStars: 'No star rating',
  /** Contact form (part 2 §5). */
  contactTitle: 'Tell us where you live',
  contactIntro: 'We use your birth date, sex and address only to find the plans offered in your county and their prices for you.',
  contactSubmit: 'Find my plans',
  contactFailed: 'We could not save your details. Please try again later.',
  /** Plan details. */
  detailsMissing: (names: string[]) =>
    `This link is missing what the page needs to show a plan (${names.join(', ')}). Open the plan again from your list.`,
  backToList: 'See your Medicare options',
  costBreakdown: 'Cost breakdown',
  estimateTitle: 'How we estimated this',
  estimateFailed: 'We could not load how this plan was estimated. Please try again later.',
  estimateLoading: 'Loading how this plan was estimated…',
  benefitsTitle: 'Plan benefits',
  benefitsLoading: 'Loading plan benefits…',
  doctorSearchTitle: 'Find your doctor in this plan’s network',
  drugSearchTitle: 'Check a drug on this plan’s formulary',
  searching: 'Searching…',
  switchPlan: 'Switch To This Plan',
  leadTitle: 'Talk to a licensed broker',
  leadIntro: 'Leave your phone number and a licensed broker will call you about switching to',
  leadPrivacy: 'We send the broker your name, e-mail, state, ZIP code and this plan, never your health data.',
  callPrompt: 'Questions about this plan? Call us at',
  guidanceTitle: 'When you can join or switch Medicare plans',
  yourInitialWindow: (from: string, to: string) => `Your Initial Enrollment Period runs from ${from} to ${to}.`,
  planDataAsOf: (date: string) => `${PLAN_YEAR} plan data as of ${date}. These are estimates, not quotes.`,
  /** Profile: the enrollment-season e-mail. */
  alertsTitle: 'Medicare plan alerts',
  alertsText: `Once per annual enrollment season (October 15 - December 7), we e-mail you when a plan in your county would have cost at least $${PLAN_ALERT_MIN_SAVINGS} less than your current plan over the last 12 months. The e-mail holds no health details: it links to your comparison here.`,
  alertsLabel: 'E-mail me when a cheaper Medicare plan is available',
  alertsOn: 'You will get the enrollment-season e-mail.',
  alertsOff: 'You will not get the enrollment-season e-mail.',
  alertsLoadFailed: 'We could not load your Medicare plan alert setting. Please try again later.',
  alertsSaveFailed: 'We could not save your Medicare plan alert setting. Please try again later.',
} as const;
