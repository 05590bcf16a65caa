import type { QueryCell } from '@healthlink/contracts';

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// Excel refuses a whole file whose cell holds more than this many characters.
const EXCEL_CELL_MAX = 32_767;
// Characters XML 1.0 cannot carry (and lone surrogates): one in a cell would make the file unreadable.
const XML_ILLEGAL =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
const MIN_WIDTH = 8;
const MAX_WIDTH = 80;
const SAMPLE_ROWS = 200;

function cleanText(text: string): string {
  const clean = text.replace(XML_ILLEGAL, '\uFFFD');
  return clean.length > EXCEL_CELL_MAX ? `${clean.slice(0, EXCEL_CELL_MAX - 1)}…` : clean;
}

/** A cell as Excel should hold it: numbers and booleans as such, objects as pretty JSON text, NULL as an empty cell. */
export function xlsxValue(value: QueryCell | undefined): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : String(value);
  if (typeof value === 'boolean') return value;
  if (typeof value === 'object') return cleanText(JSON.stringify(value, null, 2));
  return cleanText(value);
}

function widthOf(column: string, rows: readonly Record<string, QueryCell>[]): number {
  let widest = column.length;
  for (const row of rows.slice(0, SAMPLE_ROWS)) {
    const value = xlsxValue(row[column]);
    const longestLine =
      value === null
        ? 0
        : Math.max(
            ...String(value)
              .split('\n')
              .map((line) => line.length),
          );
    widest = Math.max(widest, longestLine);
  }
  return Math.min(Math.max(widest + 2, MIN_WIDTH), MAX_WIDTH);
}

/**
 * The results as an .xlsx file: one sheet, a bold frozen header row of the column names, then the rows. Values are
 * written as values (text is never a formula). exceljs is loaded here, on the first export: its own chunk, never part
 * of the page's first load.
 */
export async function buildXlsx(columns: readonly string[], rows: readonly Record<string, QueryCell>[]): Promise<ArrayBuffer> {
  // exceljs is CommonJS: its exports arrive as the namespace's default, in webpack and in Jest alike.
  const { Workbook } = (await import(/* webpackChunkName: "exceljs" */ 'exceljs')).default;
  const workbook = new Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet('Query results', { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = columns.map((column) => ({ width: widthOf(column, rows) }));
  const header = sheet.addRow(columns.map(cleanText));
  header.font = { bold: true };
  for (const row of rows) {
    const added = sheet.addRow(columns.map((column) => xlsxValue(row[column])));
    added.alignment = { vertical: 'top', wrapText: true };
  }
  return workbook.xlsx.writeBuffer();
}
