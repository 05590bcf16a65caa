import type { QueryCell } from '@healthlink/contracts';

// PostgreSQL type OIDs (pg_type): those turned into JSON numbers, booleans or documents; every other type stays the
// text PostgreSQL wrote (bigint, numeric, dates, intervals, uuids, arrays, bytea as \x...), which JSON keeps exactly.
const BOOL = 16;
const SMALL_INTEGERS = new Set([21, 23, 26]); // int2, int4, oid
const FLOATS = new Set([700, 701]); // float4, float8
const JSONS = new Set([114, 3802]); // json, jsonb

const asText = (value: string): string => value;

function asFloat(value: string): number | string {
  const number = Number(value);
  return Number.isFinite(number) ? number : value; // NaN and Infinity have no JSON number
}

function asJson(value: string): unknown {
  const parsed: unknown = JSON.parse(value);
  // A number JSON cannot carry (1e400) or would round (beyond 2^53) keeps its text.
  if (typeof parsed === 'number' && !(Number.isFinite(parsed) && (Number.isSafeInteger(parsed) || !Number.isInteger(parsed)))) return value;
  return parsed;
}

/** node-postgres's type parsers for the query tool's connections: every cell comes out JSON-safe. */
export const queryCellTypes = {
  getTypeParser: (oid: number): ((value: string) => unknown) => {
    if (oid === BOOL) return (value) => value === 't';
    if (SMALL_INTEGERS.has(oid)) return Number;
    if (FLOATS.has(oid)) return asFloat;
    if (JSONS.has(oid)) return asJson;
    return asText;
  },
};

/** Column names as the SELECT gave them, a repeated one numbered (`id`, `id_2`) so that each row keeps every cell. */
export function uniqueColumnNames(names: string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    let unique = name;
    for (let n = 2; taken.has(unique); n++) unique = `${name}_${n}`;
    taken.add(unique);
    return unique;
  });
}

/** Rows given as arrays (rowMode 'array') as objects keyed by the unique column names; `__proto__` stays a plain key. */
export function rowsAsObjects(columns: string[], rows: unknown[][]): Record<string, QueryCell>[] {
  return rows.map((row) => Object.fromEntries(columns.map((column, index) => [column, (row[index] ?? null) as QueryCell])));
}
