/** Query keys of the staff-access feature; the shell clears the whole cache when a session ends. */
export const staffAccessKeys = {
  all: ['staffAccess'] as const,
  sessionUser: () => [...staffAccessKeys.all, 'sessionUser'] as const,
};
