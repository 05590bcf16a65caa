/** Query keys of the health-history feature; the shell clears the whole cache when a session ends. */
export const healthHistoryKeys = {
  all: ['healthHistory'] as const,
  list: (filters: { pageSize: number; search: string; serviceID: string | null }) => [...healthHistoryKeys.all, 'list', filters] as const,
};
