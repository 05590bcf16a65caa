import { gzipSync } from 'node:zlib';
import { parseCsvLine, readGzipCsv } from './csv';

describe('parseCsvLine', () => {
  it('splits plain and quoted fields, with doubled quotes and commas inside quotes', () => {
    expect(parseCsvLine('a,b,,c')).toEqual(['a', 'b', '', 'c']);
    expect(parseCsvLine('1,"x, y","say ""hi""",')).toEqual(['1', 'x, y', 'say "hi"', '']);
  });

  it('refuses a quote that is never closed', () => {
    expect(() => parseCsvLine('1,"open')).toThrow('a quoted field is not closed');
  });
});

describe('readGzipCsv', () => {
  const gz = (text: string) => gzipSync(Buffer.from(text));

  it('answers the records after the header with their line numbers (CRLF or LF)', () => {
    expect(readGzipCsv('f.csv.gz', gz('a,b\r\n1,2\r\n3,"4"\r\n'), ['a', 'b'])).toEqual([
      { line: 2, fields: ['1', '2'] },
      { line: 3, fields: ['3', '4'] },
    ]);
  });

  it('names the file and line of a wrong header or a short record', () => {
    expect(() => readGzipCsv('f.csv.gz', gz('a,c\n1,2\n'), ['a', 'b'])).toThrow('f.csv.gz line 1: the header is "a,c", expected "a,b"');
    expect(() => readGzipCsv('f.csv.gz', gz('a,b\n1,2\n3\n'), ['a', 'b'])).toThrow('f.csv.gz line 3: 1 fields, expected 2');
    expect(() => readGzipCsv('f.csv.gz', gz(''), ['a', 'b'])).toThrow('f.csv.gz line 1: the header is ""');
  });
});
