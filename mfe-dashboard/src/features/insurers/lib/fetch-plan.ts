import { FETCH_SETS, FIRST_WAVE, SECOND_WAVE, type FetchOperation, type InsurerKey } from '@healthlink/contracts';

/** Spec part 2 §9: the callback's progress bar. */
export const PROGRESS_START = 20;
export const PROGRESS_STEP = 10;
export const PROGRESS_STEP_MS = 1000;
export const PROGRESS_CAP = 90;
export const REDIRECT_DELAY_MS = 1000;

/** The insurer's operations in the spec's order (part 2 §4): the first wave, then EOB and drugs; empty waves dropped. */
export function fetchWaves(insurer: InsurerKey): FetchOperation[][] {
  const set = FETCH_SETS[insurer];
  return [FIRST_WAVE, SECOND_WAVE].map((wave) => set.filter((operation) => wave.includes(operation))).filter((wave) => wave.length > 0);
}

/** What each operation gathers, as the progress message names it. */
export const DATA_LABELS: Record<FetchOperation, string> = {
  getPatientInformation: 'demographics',
  getPatientCondition: 'conditions',
  getPatientEncounter: 'visits',
  getPatientCoverage: 'coverage',
  getPatientEOB: 'claims',
  getPatientDrugs: 'prescriptions',
};

export const gatheringMessage = (operation: FetchOperation): string => `Gathering your ${DATA_LABELS[operation]}...`;
