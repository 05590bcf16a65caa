import type { SavingsResult } from '@healthlink/contracts';
import { SavingsTexts } from '../lib/savings-texts';

// The spec's columns (part 2 §2), named as the API names them: the page is a staff tool.
const COLUMNS = ['ndc', 'fdaNdc', 'drugName', 'retailPrice', 'bestPrice', 'savings', 'pharmacy'] as const;

/** YYYY-MM-DD as a date people read, e.g. "Nov 25, 2026"; null when it is not a date. */
export function formatAsOf(asOf: string | null): string | null {
  if (!asOf || !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) return null;
  const date = new Date(`${asOf}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return null;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** One row per NDC, with the date of the prices in the caption; scrolls sideways in its own box on a phone. */
export function SavingsTable({ results, asOf }: { results: readonly SavingsResult[]; asOf: string | null }) {
  const date = formatAsOf(asOf);
  return (
    <div className="debug-table-scroll" role="region" aria-label={SavingsTexts.scrollRegion} tabIndex={0}>
      <table className="debug-table savings-table">
        <caption>
          {SavingsTexts.resultsCaption}
          {date && <span className="savings-table__date">{SavingsTexts.pricesAsOf(date)}</span>}
        </caption>
        <thead>
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {results.map((result, index) => (
            <tr key={`${result.ndc}-${index}`}>
              {COLUMNS.map((column) =>
                column === 'ndc' ? (
                  <th key={column} scope="row">
                    {result.ndc}
                  </th>
                ) : (
                  <td key={column}>{result[column]}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
