// CSV for the data build scripts (backend/data/reference, sandbox/scripts): RFC 4180 quoting, "\n" line ends.

/** A CSV text (quoted fields may hold line breaks) into its rows of fields. */
function parseRows(text) {
  const rows = [];
  let row = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
    } else if (c !== '\r') field += c;
  }
  if (field || row.length) {
    row.push(field);
    rows.push(row);
  }
  return rows;
}

/** One CSV line into its fields. */
export const parseCsvLine = (line) => parseRows(line)[0] ?? [''];

/** A whole CSV text into one object per row, keyed by the header. */
export function parseCsv(text) {
  const [header, ...body] = parseRows(text);
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])));
}

/** A value as a CSV field: quoted when it holds a quote, a comma or a line break. */
export const csvField = (value) => (/[",\n]/.test(String(value)) ? `"${String(value).replace(/"/g, '""')}"` : String(value));

/** Objects as CSV text under the given columns, ending with a line break. */
export const toCsv = (columns, rows) =>
  [columns.join(','), ...rows.map((r) => columns.map((c) => csvField(r[c] ?? '')).join(','))].join('\n') + '\n';
