import { formatDate, formatDateTime } from '../format-date';

describe('formatDate: a calendar date in words', () => {
  it.each([
    ['2024-03-05', 'Mar 5, 2024'],
    ['2025-12-31', 'Dec 31, 2025'],
    ['2024-02-29', 'Feb 29, 2024'],
    // The date part of an instant, whatever its zone: the calendar day never moves.
    ['2024-01-01T23:30:00-08:00', 'Jan 1, 2024'],
  ])('shows %p as %p', (value, shown) => {
    expect(formatDate(value)).toBe(shown);
  });

  it('says "Not given" for a missing date', () => {
    expect(formatDate(null)).toBe('Not given');
    expect(formatDate(undefined)).toBe('Not given');
    expect(formatDate('')).toBe('Not given');
  });

  it('shows anything that is not a date as it came, never rolled over to another day', () => {
    expect(formatDate('2023-02-29')).toBe('2023-02-29');
    expect(formatDate('2024-13-01')).toBe('2024-13-01');
    expect(formatDate('last spring')).toBe('last spring');
  });
});

describe('formatDateTime: an instant in the member’s time zone', () => {
  it('shows the date and the time in words', () => {
    const instant = '2025-05-03T14:14:00Z';
    const expected = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(instant));
    expect(formatDateTime(instant)).toBe(expected);
    expect(formatDateTime(instant)).toMatch(/^May [34], 2025, \d{1,2}:14\s?[AP]M$/);
  });

  it('shows anything that is not an instant as it came', () => {
    expect(formatDateTime('soon')).toBe('soon');
  });
});
