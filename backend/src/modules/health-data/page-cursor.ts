import type { Keyset } from './health-data.repository';

/** The list a cursor belongs to: claims, or prescriptions in one order. */
export type CursorList = 'claims' | 'rx-newest' | 'rx-oldest';

// An undated row sorts as -infinity in the newest-first lists and as +infinity in the oldest-first one.
const UNDATED: Record<CursorList, string> = { claims: '-infinity', 'rx-newest': '-infinity', 'rx-oldest': 'infinity' };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export const isUuid = (value: string): boolean => UUID.test(value);

function isCalendarDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return date.toISOString().slice(0, 10) === value;
}

/** Opaque to the web: base64url of [list, sort date, id] (the position after which the next page starts). */
export function encodeCursor(list: CursorList, keyset: Keyset): string {
  return Buffer.from(JSON.stringify([list, keyset.sortDate, keyset.id]), 'utf8').toString('base64url');
}

/**
 * The keyset of a cursor this list gave; null for anything else (another list's or order's, edited, made up), so
 * that nothing but a calendar date and a UUID ever reaches SQL.
 */
export function decodeCursor(list: CursorList, cursor: string): Keyset | null {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length !== 3) return null;
  const [kind, sortDate, id] = value as unknown[];
  if (kind !== list || typeof sortDate !== 'string' || typeof id !== 'string' || !isUuid(id)) return null;
  if (sortDate !== UNDATED[list] && !isCalendarDate(sortDate)) return null;
  return { sortDate, id };
}
