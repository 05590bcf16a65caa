/** Query keys of the plans feature; the shell clears the whole cache when a session ends. */
export const plansKeys = {
  all: ['plans'] as const,
  ranks: () => [...plansKeys.all, 'ranks'] as const,
  estimate: (bidId: string) => [...plansKeys.all, 'estimate', bidId] as const,
  benefits: (bidId: string) => [...plansKeys.all, 'benefits', bidId] as const,
  alerts: () => [...plansKeys.all, 'alerts'] as const,
  birthDate: () => [...plansKeys.all, 'birthDate'] as const,
};
