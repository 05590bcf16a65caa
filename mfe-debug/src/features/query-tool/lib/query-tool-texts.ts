/** The query tool's own words beside the contract's QueryToolTexts (spec part 2 §8). */
export const QueryToolPageTexts = {
  sqlLabel: 'SQL query',
  sqlHint: 'One SELECT on errors, ndc_products or ndc_packages. Ctrl+Enter (Cmd+Enter on a Mac) runs it.',
  execute: 'Execute Query',
  exportToExcel: 'Export to Excel',
  running: 'Running query…',
  resultsCaption: 'Query results',
  exportFailed: 'The Excel file could not be made. Please try again.',
  showMore: (shown: number, total: number) => `Show more rows (${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} shown)`,
  sortHint: 'Select a column heading to sort by it; select it again to reverse the order.',
  scrollRegion: 'Query results, scrolls sideways',
} as const;
