import type { CheckSavingsRequest } from '@healthlink/contracts';

/** Query keys of the savings-lookup feature; the shell clears the whole cache when a session ends. */
export const savingsKeys = {
  all: ['savingsLookup'] as const,
  /** One check: the same request asked again by Check Savings is a new check (`run` counts the presses). */
  check: (request: CheckSavingsRequest, run: number) => [...savingsKeys.all, 'check', { request, run }] as const,
};
