import { AI_LIMITS, AiTexts, type AiDashboardItemKey } from '@healthlink/contracts';

/** The AI test pages' texts: the spec's (part 2 §5, §8) from the contracts, and the page's own. */
export const AiTestTexts = {
  ...AiTexts,
  title: 'AI Test Tools',
  intro:
    'Try prompts against the configured AI provider. Every call is billed at the chosen model\u2019s prices and logged with its usage.',
  modelLabel: 'Model',
  modelHint: 'Prices are US dollars per token, input / output.',
  lastCall: 'Usage of the last call',
  noCallYet: 'No call made yet.',
  completionTitle: 'Text completion with instructions',
  instructionsLabel: 'Instructions',
  inputLabel: 'Input',
  send: 'Send',
  sending: 'Sending…',
  chatTitle: 'Chat completion',
  messageLabel: (index: number) => `Message ${index + 1}`,
  roleLabel: (index: number) => `Role of message ${index + 1}`,
  addMessage: 'Add message',
  removeMessage: (index: number) => `Remove message ${index + 1}`,
  messagesRequired: 'Please enter at least one message.',
  tipsTitle: 'AI tips',
  tipsIntro: 'Medical tips from your own claims, as a member sees them on the dashboard.',
  getTips: 'Get AI Tips',
  noTips: 'No tips: your account has no claims.',
  claimsTitle: 'Claims (EOB)',
  claimsIntro: 'Your own claims, newest first, as visit rows. Edit them freely: the prompt tester sends them when Visits is ticked.',
  claimsFailed: 'Could not load your claims.',
  noClaims: 'Your account has no claims. Add visit rows by hand.',
  loadMoreClaims: 'Load more claims',
  addVisit: 'Add visit',
  removeVisit: (index: number) => `Remove visit ${index + 1}`,
  testerTitle: 'Prompt tester',
  testerIntro: 'Sends aiDashboardItem with your input and instructions.',
  itemLabel: 'Dashboard card',
  presets: 'Presets:',
  unknownPreset: (query: string) => `No preset is named \u201c${query}\u201d: the form starts empty. Choose a preset below.`,
  includeLegend: 'Include in the request',
  drugsLabel: 'Drugs, one per line: YYYY-MM-DD - NDC',
  diagnosesLabel: 'Diagnosis codes, comma separated',
  proceduresLabel: 'Procedure codes, comma separated',
  fillFromClaims: 'Fill codes from the claims',
  droppedDrugLines: (count: number) =>
    count === 1
      ? '1 drug line is not "YYYY-MM-DD - NDC" and will be dropped.'
      : `${count} drug lines are not "YYYY-MM-DD - NDC" and will be dropped.`,
  inputPreview: 'Input that will be sent',
  output: 'Output',
  noSuggestions: 'The answer held no suggestions.',
  sourcesLabel: 'Sources',
} as const;

/** Ticks of the prompter tester (part 2 §3). */
export const TESTER_FIELDS = ['drugs', 'diagnoses', 'procedures', 'visits'] as const;
export type TesterField = (typeof TESTER_FIELDS)[number];
export const TESTER_FIELD_LABELS: Record<TesterField, string> = {
  drugs: 'Drugs',
  diagnoses: 'Diagnoses',
  procedures: 'Procedures',
  visits: 'Visits',
};

/** The cards' names, for the card select and the preset links. */
export const ITEM_LABELS: Record<AiDashboardItemKey, string> = {
  symptomMonitoring: 'Symptom Monitoring',
  recommendedTests: 'Recommended Tests',
  procedures: 'Procedures',
};

/** A preset's instructions: what the member's card asks, with the limits of part 2 §9. */
export const DEFAULT_INSTRUCTIONS: Record<AiDashboardItemKey, string> = {
  symptomMonitoring: `From the patient's diagnoses and medications below, list up to ${AI_LIMITS.symptoms} symptoms they should watch for and report to their doctor. For each, give a short title and one or two plain-language sentences of details.`,
  recommendedTests: `From the patient's diagnoses, medications and visits below, list up to ${AI_LIMITS.tests} tests or screenings they may be due for. For each, give a short title and one or two plain-language sentences on why it matters.`,
  procedures: `For the procedures below, give up to ${AI_LIMITS.procedures} insights in plain language: what each procedure is and what it may mean for the patient. For each, give a short title and one or two sentences of details.`,
};
