import type { RxHistorySort } from '@healthlink/contracts';

/** Query keys of the rx feature; the shell clears the whole cache when a session ends. */
export const rxKeys = {
  all: ['rx'] as const,
  history: (sort: RxHistorySort, pageSize: number) => [...rxKeys.all, 'history', { sort, pageSize }] as const,
  interactions: () => [...rxKeys.all, 'interactions'] as const,
  hasDrugs: () => [...rxKeys.all, 'hasDrugs'] as const,
};
