import type { QueryCell } from '@healthlink/contracts';

export type SortDirection = 'asc' | 'desc';

/** The results' order (spec part 2 §4): a column plus asc or desc; null keeps the database's order. */
export interface SortState {
  column: string;
  direction: SortDirection;
}

/** A header click: a new column sorts ascending, the same column again flips the direction. */
export function nextSort(current: SortState | null, column: string): SortState {
  if (current?.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}

// Numbers inside text compare as numbers ("9" before "10"): bigint and numeric columns arrive as text.
const collator = new Intl.Collator('en-US', { numeric: true, sensitivity: 'base' });

function comparable(value: QueryCell | undefined): number | string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'object') return JSON.stringify(value);
  return value;
}

/** Ascending order of two cells; NULLs are not compared here (they always go last). */
function compareValues(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** The rows in `sort`'s order (a stable sort: equal cells keep the database's order); NULLs last either way. */
export function sortRows<Row extends Record<string, QueryCell>>(rows: readonly Row[], sort: SortState | null): Row[] {
  if (!sort) return [...rows];
  const sign = sort.direction === 'asc' ? 1 : -1;
  return [...rows].sort((rowA, rowB) => {
    const a = comparable(rowA[sort.column]);
    const b = comparable(rowB[sort.column]);
    if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1;
    return sign * compareValues(a, b);
  });
}
