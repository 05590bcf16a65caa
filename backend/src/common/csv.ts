import { gunzipSync } from 'node:zlib';

/**
 * The CSV reading of the gzip reference files (pricing's drug tables, trials' ICD-10-CM and ZIP tables, the weekly
 * NADAC file), in one place so every reader refuses the same broken input.
 */

/** A reference file that is not what its dataset expects: the import stops and names the file and line. */
export class ReferenceFileError extends Error {
  constructor(fileName: string, line: number, problem: string) {
    super(`${fileName} line ${line}: ${problem}`);
    this.name = 'ReferenceFileError';
  }
}

/** One CSV record into its fields (RFC 4180 quoting; the reference files have no line breaks inside a field). */
export function parseCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',');
  const fields: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quoted) {
      if (ch === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"' && field === '') quoted = true;
    else if (ch === ',') {
      fields.push(field);
      field = '';
    } else field += ch;
  }
  if (quoted) throw new Error('a quoted field is not closed');
  fields.push(field);
  return fields;
}

export interface CsvRecord {
  /** 1-based line number in the file (the header is line 1). */
  line: number;
  fields: string[];
}

/**
 * The records of a gzip CSV file whose header must be exactly `header`; every record must have as many fields.
 * Files are a few MB, so the whole text is read at once (faster than a stream for this size).
 */
export function readGzipCsv(fileName: string, gzipped: Buffer, header: readonly string[]): CsvRecord[] {
  const lines = gunzipSync(gzipped).toString('utf8').split('\n');
  if (lines.at(-1) === '') lines.pop();
  const parse = (text: string, line: number): string[] => {
    try {
      return parseCsvLine(text.endsWith('\r') ? text.slice(0, -1) : text);
    } catch (error) {
      throw new ReferenceFileError(fileName, line, (error as Error).message);
    }
  };
  const found = lines.length ? parse(lines[0]!, 1) : [];
  if (found.join(',') !== header.join(',')) {
    throw new ReferenceFileError(fileName, 1, `the header is "${found.join(',')}", expected "${header.join(',')}"`);
  }
  const records: CsvRecord[] = [];
  for (let i = 1; i < lines.length; i++) {
    const fields = parse(lines[i]!, i + 1);
    if (fields.length !== header.length) {
      throw new ReferenceFileError(fileName, i + 1, `${fields.length} fields, expected ${header.length}`);
    }
    records.push({ line: i + 1, fields });
  }
  return records;
}
