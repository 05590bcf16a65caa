/** The errors table's preset column widths (spec part 2 §9): the details take 60%, the rest share what is left. */
export const ERRORS_COLUMN_WIDTHS: Readonly<Record<string, string>> = {
  id: '9%',
  created_at: '8%',
  user_id: '9%',
  insurer_name: '5%',
  host: '4%',
  error_type: '5%',
  error_details: '60%',
};

/** The preset widths of `columns` on `pathname`; null where a column has none (the browser sizes it). */
export function columnWidthsFor(pathname: string, columns: readonly string[]): (string | null)[] | null {
  if (pathname !== '/errors' || !columns.some((column) => column in ERRORS_COLUMN_WIDTHS)) return null;
  return columns.map((column) => ERRORS_COLUMN_WIDTHS[column] ?? null);
}
