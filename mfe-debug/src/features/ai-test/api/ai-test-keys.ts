/** Query keys of the AI test feature; the shell clears the whole cache when a session ends. */
export const aiTestKeys = {
  all: ['aiTest'] as const,
  claims: (pageSize: number) => [...aiTestKeys.all, 'claims', { pageSize }] as const,
};
