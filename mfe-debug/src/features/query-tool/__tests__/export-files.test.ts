import { Workbook } from 'exceljs';
import { QUERY_ROW_CAP } from '@healthlink/contracts';
import { csvField, toCsv } from '../lib/csv';
import { buildXlsx, xlsxValue } from '../lib/xlsx';

describe('error_logs.csv (spec part 2 §9)', () => {
  it('turns commas in values into semicolons and newlines into spaces', () => {
    expect(csvField('a, b,c')).toBe('a; b;c');
    expect(csvField('line 1\nline 2\r\nline 3\rline 4')).toBe('line 1 line 2 line 3 line 4');
  });

  it('quotes a value holding a double quote, doubling it (RFC 4180)', () => {
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('plain')).toBe('plain');
  });

  it.each(['=SUM(A1:A2)', '+1+1', '-2+3', '@cmd', '\tx'])('defuses %j, which a spreadsheet would run as a formula', (text) => {
    expect(csvField(text)).toBe(`'${text}`);
  });

  it('keeps numbers as numbers (a negative number is data, not a formula), NULL empty, objects as one line of JSON', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(null)).toBe('');
    expect(csvField(true)).toBe('true');
    expect(csvField({ message: 'a,b', lines: ['x\ny'] })).toBe('"{""message"":""a;b"";""lines"":[""x\\ny""]}"');
  });

  it('writes a header row of the column names and one CRLF line per row, marked UTF-8 for Excel', () => {
    const csv = toCsv(
      ['id', 'error_type', 'note'],
      [
        { id: 1, error_type: 'A', note: null },
        { id: 2, error_type: '=HYPERLINK("x")', note: 'é, ü' },
      ],
    );
    expect(csv).toBe('\uFEFFid,error_type,note\r\n1,A,\r\n2,"\'=HYPERLINK(""x"")",é; ü\r\n');
  });

  it("defuses a column name too (a SELECT alias is the user's text)", () => {
    expect(toCsv(['=cmd'], [])).toBe("\uFEFF'=cmd\r\n");
  });
});

describe('the .xlsx file', () => {
  async function readBack(buffer: ArrayBuffer) {
    const workbook = new Workbook();
    await workbook.xlsx.load(buffer);
    const sheet = workbook.worksheets[0]!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    return { sheet, values };
  }

  it('opens again with the same header and rows, numbers as numbers and text never a formula', async () => {
    const buffer = await buildXlsx(
      ['id', 'error_type', 'error_details', 'ok'],
      [
        { id: 7, error_type: '=1+1', error_details: { message: 'timeout', stack: 'a\nb' }, ok: true },
        { id: 8, error_type: 'PLAN_RANK_FETCH_ERROR', error_details: null, ok: false },
      ],
    );
    const { sheet, values } = await readBack(buffer);
    expect(sheet.name).toBe('Query results');
    expect(values[0]).toEqual(['id', 'error_type', 'error_details', 'ok']);
    expect(values[1]).toEqual([7, '=1+1', JSON.stringify({ message: 'timeout', stack: 'a\nb' }, null, 2), true]);
    // An empty cell reads back as a hole in the row's values.
    expect(values[2]).toEqual([8, 'PLAN_RANK_FETCH_ERROR', undefined, false]);
    expect(sheet.getCell('B2').type).toBe(3); // ValueType.String: the text was not taken for a formula
    expect(sheet.getRow(1).font?.bold).toBe(true);
  });

  it('still opens when a value holds characters XML cannot carry or more than Excel allows in a cell', async () => {
    const huge = 'x'.repeat(40_000);
    const buffer = await buildXlsx(['text'], [{ text: 'nul\u0000 and lone \uD800 surrogate' }, { text: huge }]);
    const { values } = await readBack(buffer);
    expect(values[1]).toEqual(['nul\uFFFD and lone \uFFFD surrogate']);
    expect(String(values[2]![0])).toHaveLength(32_767);
  });

  it('holds as many rows as the query tool can return', async () => {
    const rows = Array.from({ length: QUERY_ROW_CAP }, (_, i) => ({ ndc11: String(i).padStart(11, '0'), package_count: i }));
    const { values } = await readBack(await buildXlsx(['ndc11', 'package_count'], rows));
    expect(values).toHaveLength(QUERY_ROW_CAP + 1);
    expect(values[QUERY_ROW_CAP]).toEqual([String(QUERY_ROW_CAP - 1).padStart(11, '0'), QUERY_ROW_CAP - 1]);
  });

  it('keeps values as they are typed for Excel', () => {
    expect(xlsxValue(Number.NaN)).toBe('NaN');
    expect(xlsxValue('12345678901234567890')).toBe('12345678901234567890');
  });
});
