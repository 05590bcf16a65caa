/** Query keys of the query-tool feature; the shell clears the whole cache when a session ends. */
export const queryToolKeys = {
  all: ['queryTool'] as const,
  /** One run: the same SQL executed again is a new run (`run` counts the presses), so it asks the database again. */
  run: (sql: string, run: number) => [...queryToolKeys.all, 'run', { sql, run }] as const,
};
