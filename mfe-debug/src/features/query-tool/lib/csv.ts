import type { QueryCell } from '@healthlink/contracts';
import { plainCell } from './cell-display';

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection, OWASP): such text gets a leading
// apostrophe, which spreadsheets read as "this is text".
const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;
// Excel reads a CSV as UTF-8 only when it starts with a byte-order mark.
const UTF8_BOM = '\uFEFF';

/**
 * One CSV field (spec part 2 §9): commas in values become semicolons and newlines spaces; text that a spreadsheet
 * would run as a formula is defused; anything else RFC 4180 needs quoted (a double quote) is quoted.
 */
export function csvField(value: QueryCell | undefined): string {
  let text = plainCell(value)
    .replace(/,/g, ';')
    .replace(/\r\n|\r|\n/g, ' ');
  if (typeof value === 'string' && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The results as CSV text: a header row of the column names, then one line per row, CRLF line ends (RFC 4180). */
export function toCsv(columns: readonly string[], rows: readonly Record<string, QueryCell>[]): string {
  const lines = [columns.map((column) => csvField(column)), ...rows.map((row) => columns.map((column) => csvField(row[column])))];
  return `${UTF8_BOM}${lines.map((fields) => fields.join(',')).join('\r\n')}\r\n`;
}
