/** Query keys of the uptime-check feature; the shell clears the whole cache when a session ends. */
export const uptimeKeys = {
  all: ['uptimeCheck'] as const,
  history: () => [...uptimeKeys.all, 'history'] as const,
  sessionRole: () => [...uptimeKeys.all, 'sessionRole'] as const,
};
