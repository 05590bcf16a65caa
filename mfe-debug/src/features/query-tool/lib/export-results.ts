import { QueryToolTexts, type RunQueryResponse } from '@healthlink/contracts';
import { toCsv } from './csv';
import { downloadFile } from './download';
import { buildXlsx, XLSX_MIME } from './xlsx';

/**
 * Export to Excel (spec part 2 §2, §8, §9): the spec's error_logs.csv at once, then a real .xlsx of the same rows
 * once exceljs has loaded. Rejects when the workbook could not be made (the CSV is already saved then).
 */
export async function exportResults({ columns, rows }: Pick<RunQueryResponse, 'columns' | 'rows'>): Promise<void> {
  downloadFile(toCsv(columns, rows), QueryToolTexts.csvFileName, 'text/csv;charset=utf-8');
  const xlsx = await buildXlsx(columns, rows);
  downloadFile(xlsx, QueryToolTexts.xlsxFileName, XLSX_MIME);
}
