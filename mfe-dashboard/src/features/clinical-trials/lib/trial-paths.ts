/** The full list of matched trials (part 2 §2). */
export const CLINICAL_TRIALS_PATH = '/clinicalTrials';
