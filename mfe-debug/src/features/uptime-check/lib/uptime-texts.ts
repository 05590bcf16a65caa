import { UptimeTexts } from '@healthlink/contracts';

/** The page's words: the spec's (the contract's UptimeTexts) and ours where the spec shows none. */
export const UptimePageTexts = {
  ...UptimeTexts,
  title: 'Insurer Uptime Check',
  intro: "Checks each insurer's FHIR server (its capability statement) and its sign-in token endpoint, right now.",
  idle: 'Press Run Uptime Check to check every insurer now.',
  empty: 'No insurers are configured.',
  checked: (count: number) => `Checked ${count} insurer${count === 1 ? '' : 's'}.`,
  tableLabel: 'Uptime check results',
  columns: ['Insurer', 'Endpoint', 'Status', 'Response Time (ms)', 'Message'] as const,
  notConfigured: 'Not configured',
  notMeasured: 'Not measured',
  historyTitle: 'Uptime, last 30 days',
  historyIntro: 'Scheduled checks every 5 minutes. Each bar is one day, oldest on the left.',
  historyLoading: 'Loading uptime history…',
  historyFailed: 'The uptime history could not be loaded.',
  historyEmpty: 'No scheduled checks have run yet.',
  retry: 'Retry',
  noTestable: 'No testable checks',
  noFailures: 'No failed checks in these 30 days.',
  failedDays: (days: string) => `Days with failed checks: ${days}.`,
  dayTitle: (day: string, passed: number, checks: number, status: string) =>
    `${day}: ${passed} of ${checks} checks passed${status !== 'PASS' ? ` (${status})` : ''}`,
  noData: (day: string) => `${day}: no checks`,
} as const;
