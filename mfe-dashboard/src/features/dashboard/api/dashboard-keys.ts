import type { SpendingGrouping } from '@healthlink/contracts';

/** Query keys of the dashboard feature; the shell clears the whole cache when a session ends. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  currentPlan: () => [...dashboardKeys.all, 'currentPlan'] as const,
  spending: (by: SpendingGrouping) => [...dashboardKeys.all, 'spending', by] as const,
};
