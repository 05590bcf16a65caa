/** Query keys of the clinical-trials feature; the shell clears the whole cache when a session ends. */
export const clinicalTrialsKeys = {
  all: ['clinicalTrials'] as const,
  list: (radiusMiles: number) => [...clinicalTrialsKeys.all, 'list', { radiusMiles }] as const,
};
