import type { QueryCell } from '@healthlink/contracts';

export type CellKind = 'null' | 'json' | 'text';

// An escaped line break inside text (`\n`, as JSON and many logs write it), not a backslash the data means.
const ESCAPED_NEWLINE = /\\r\\n|\\n/g;
const LOOKS_LIKE_JSON = /^\s*[[{]/;

/** A JSON object or array written as text (a logged error's details), parsed; null when it is not one. */
function parseJsonText(text: string): object | null {
  if (!LOOKS_LIKE_JSON.test(text)) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null ? parsed : null;
  } catch {
    return null;
  }
}

/**
 * A cell as the results table shows it (spec part 2 §2): objects and JSON text pretty-printed, escaped newlines as
 * real line breaks (the table keeps line breaks), SQL NULL said as such.
 */
export function displayCell(value: QueryCell | undefined): { kind: CellKind; text: string } {
  if (value === null || value === undefined) return { kind: 'null', text: 'NULL' };
  if (typeof value === 'object') return { kind: 'json', text: unescapeNewlines(JSON.stringify(value, null, 2)) };
  if (typeof value === 'string') {
    const json = parseJsonText(value);
    if (json) return { kind: 'json', text: unescapeNewlines(JSON.stringify(json, null, 2)) };
    return { kind: 'text', text: unescapeNewlines(value) };
  }
  return { kind: 'text', text: String(value) };
}

export function unescapeNewlines(text: string): string {
  return text.replace(ESCAPED_NEWLINE, '\n');
}

/** A cell as one line of plain text, for exports: objects as compact JSON, NULL as empty. */
export function plainCell(value: QueryCell | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}
