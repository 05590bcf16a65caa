import { ClinicalTrialsTexts as SharedTexts } from '@healthlink/contracts';

/** The clinical-trials screens' texts: the spec's (part 2 §8) from the contracts, and the screens' own. */
export const ClinicalTrialsTexts = {
  ...SharedTexts,
  /** The data's name as the widget's missing text uses it: "No Clinical Trials found" (part 2 §4). */
  title: 'Clinical Trials',
  pageIntro: 'Studies you may be able to join, matched to your diagnoses, age, sex and distance from home. Recruiting studies come first.',
  detailTitle: 'Clinical Trial Details',
  studyDataAsOf: (date: string) => `Study data as of ${date}.`,
  noneRecruiting: (total: number) =>
    `None of the ${total === 1 ? 'trial' : `${total} trials`} that matched you ${total === 1 ? 'is' : 'are'} recruiting right now.`,
  dashboardSummary: (shown: number, total: number) =>
    `Showing ${shown} recruiting of ${total} matched ${total === 1 ? 'trial' : 'trials'}.`,
  searchedFor: (radiusMiles: number, zip: string) => `Trials within ${radiusMiles} miles of ZIP code ${zip} that fit your diagnoses:`,
  missingNctId: 'This link does not say which study it is, so we cannot open its full record on ClinicalTrials.gov.',
  malformedNctId: (value: string) =>
    `“${value}” is not a ClinicalTrials.gov study number (NCT followed by 8 digits), so we cannot open its full record.`,
  noTrial: 'This page shows one clinical trial, chosen from your list of matched trials.',
  shortened: 'Shortened here. View Full Trial for the whole text.',
  notGiven: 'Not given',
} as const;
