import { AiTexts, type AiDashboardItemKey, type AiDataList, type MedCodeType } from '@healthlink/contracts';

/** The AI dashboard's texts: the spec's (part 2 §8) from the contracts, and the page's own. */
export const AiDashboardTexts = {
  failed: AiTexts.failed,
  intro:
    'Suggestions from your own claims and prescriptions, in plain language. They are not medical advice: talk them over with your doctor.',
  cardIntro: {
    symptomMonitoring: 'Symptoms worth watching for, given the diagnoses on your claims.',
    recommendedTests: 'Tests and screenings often advised for people with your history, age and sex.',
    procedures: 'Plain-language notes on the procedures on your claims.',
  } satisfies Record<AiDashboardItemKey, string>,
  noSuggestions: 'We have no suggestions for your records at the moment.',
  medicalDataIntro: 'The codes on your claims and prescriptions, in plain words. Choose a code to read more.',
  medicalDataTitle: 'Medical Data',
  someNotDefined: (count: number) =>
    count === 1 ? 'We could not explain 1 code right now.' : `We could not explain ${count} codes right now.`,
  noneDefined: 'We could not explain these codes right now.',
  lastOnClaims: (date: string) => `Last on your records: ${date}`,
  officialName: 'Official name',
} as const;

/** Your Medical Data's groups (part 2 §4): diagnosis, procedure, drug, each with its defineMedCode type label. */
export const CODE_GROUPS: readonly { list: AiDataList; codeType: MedCodeType; title: string; empty: string }[] = [
  { list: 'diagnosisCodes', codeType: 'diagnosis code', title: 'Diagnoses', empty: 'No diagnosis codes on your records yet.' },
  { list: 'procedureCodes', codeType: 'procedure code', title: 'Procedures', empty: 'No procedure codes on your records yet.' },
  { list: 'drugList', codeType: 'drug ndc', title: 'Drugs', empty: 'No prescriptions on your records yet.' },
];
