/** Query keys of the insurers feature; the shell clears the whole cache when a session ends. */
export const insurerKeys = {
  all: ['insurers'] as const,
  linked: () => [...insurerKeys.all, 'linked'] as const,
  links: () => [...insurerKeys.all, 'links'] as const,
  pollingEvent: (id: string) => [...insurerKeys.all, 'pollingEvent', id] as const,
};
