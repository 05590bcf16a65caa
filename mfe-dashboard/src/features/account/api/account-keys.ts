/** Query keys of the account feature; the shell clears the whole cache when a session ends. */
export const accountKeys = {
  all: ['account'] as const,
  user: () => [...accountKeys.all, 'user'] as const,
  patientInfo: () => [...accountKeys.all, 'patientInfo'] as const,
};
