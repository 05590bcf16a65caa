// Dates are shown in US English, in words, never as bare numbers that could be read two ways.
const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})/;
const calendarFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
const instantFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A calendar date ("2024-03-05", or the date part of an ISO instant) -> "Mar 5, 2024": no time zone may move it a
 * day. Missing -> "Not given"; anything that is not a date (e.g. "2024-02-30") is shown as it came.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'Not given';
  const match = CALENDAR_DATE.exec(value);
  if (!match) return value;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day ? calendarFormat.format(date) : value;
}

/** An instant (ISO 8601) in the member's time zone: "May 3, 2025, 2:14 PM"; anything else as it came. */
export function formatDateTime(isoInstant: string): string {
  const date = new Date(isoInstant);
  return Number.isNaN(date.getTime()) ? isoInstant : instantFormat.format(date);
}
