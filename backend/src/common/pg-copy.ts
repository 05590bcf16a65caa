import { Query, type Connection } from 'pg';

/** What COPY ... FROM STDIN (text format) receives for one value. */
export type CopyValue = string | number | boolean | readonly string[] | null;

const SPECIAL = /[\\\n\r\t]/;
const escapeText = (text: string): string =>
  SPECIAL.test(text)
    ? text.replace(/[\\\n\r\t]/g, (ch) => (ch === '\\' ? '\\\\' : ch === '\n' ? '\\n' : ch === '\r' ? '\\r' : '\\t'))
    : text;
// An array item needs quotes unless it is plain (and not the word NULL); inside quotes, \ and " are escaped.
const PLAIN_ITEM = /^[0-9A-Za-z_.-]+$/;
const arrayItem = (item: string): string =>
  PLAIN_ITEM.test(item) && item.toUpperCase() !== 'NULL' ? item : `"${item.replace(/[\\"]/g, (ch) => `\\${ch}`)}"`;

/** One row in COPY's text format: tab-separated, \N for null, booleans as t/f, arrays as array literals. */
export function copyLine(values: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < values.length; i++) {
    const value = values[i]!;
    if (i) line += '\t';
    if (value === null) line += '\\N';
    else if (typeof value === 'boolean') line += value ? 't' : 'f';
    else if (Array.isArray(value)) line += escapeText(`{${value.map(arrayItem).join(',')}}`);
    else line += escapeText(String(value));
  }
  return line;
}

/**
 * COPY ... FROM STDIN through node-postgres' own extension point (a Submittable query): pg answers the statement
 * with CopyInResponse, and this sends the rows and CopyDone. The repo has no pg-copy-streams; this is the part
 * of it the reference imports need (the drug tables, the plan catalogue: all rows in memory, no streaming).
 */
class CopyFromLines extends Query {
  constructor(
    sql: string,
    private readonly chunks: readonly Buffer[],
    callback: (error: Error | undefined) => void,
  ) {
    super(sql, callback);
  }

  handleCopyInResponse(connection: Connection & { sendCopyFromChunk(chunk: Buffer): void; endCopyFrom(): void }): void {
    for (const chunk of this.chunks) connection.sendCopyFromChunk(chunk);
    connection.endCopyFrom();
  }
}

const CHUNK_ROWS = 10_000;

/** Runs `COPY <table> (<columns>) FROM STDIN` on a pg client with the rows. */
export function copyRows(client: { query(query: Query): unknown }, sql: string, rows: readonly (readonly CopyValue[])[]): Promise<void> {
  const chunks: Buffer[] = [];
  for (let start = 0; start < rows.length; start += CHUNK_ROWS) {
    chunks.push(
      Buffer.from(
        `${rows
          .slice(start, start + CHUNK_ROWS)
          .map(copyLine)
          .join('\n')}\n`,
        'utf8',
      ),
    );
  }
  return new Promise((resolve, reject) => {
    client.query(new CopyFromLines(sql, chunks, (error) => (error ? reject(error) : resolve())));
  });
}
