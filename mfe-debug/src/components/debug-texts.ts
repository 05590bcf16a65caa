/** Words the debug pages share (the query tool's and the savings lookup's own texts live in their features). */
export const DebugTexts = {
  staffOnlyTitle: 'Staff only',
  staffOnlyHowToGetAccess: 'Ask an administrator to grant you staff access.',
  backToDashboard: 'Back to the dashboard',
  dashboardPath: '/app/dashboard',
  commonQueries: 'Common Queries',
  opensInNewTab: ' (opens in a new tab)',
  copyPermalink: 'Copy Permalink',
  permalinkCopied: 'Permalink copied to clipboard!',
  copyFailed: 'Could not copy the link. Copy it from the address bar instead.',
} as const;
