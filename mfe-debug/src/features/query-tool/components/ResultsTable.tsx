import { useId, useState } from 'react';
import type { QueryCell } from '@healthlink/contracts';
import { displayCell } from '../lib/cell-display';
import { QueryToolPageTexts } from '../lib/query-tool-texts';
import type { SortState } from '../lib/sort-rows';
import './query-tool.css';

// Thousands of rows at once would stall the page: they are added a step at a time (sorting covers all of them).
export const ROWS_PER_STEP = 500;

export interface ResultsTableProps {
  columns: readonly string[];
  /** Already in `sort`'s order. */
  rows: readonly Record<string, QueryCell>[];
  sort: SortState | null;
  onSort: (column: string) => void;
  /** Preset widths per column (the errors table), or null. */
  widths: (string | null)[] | null;
}

const ariaSort = (sort: SortState | null, column: string) =>
  sort?.column === column ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined;

function Cell({ value }: { value: QueryCell | undefined }) {
  const { kind, text } = displayCell(value);
  if (kind === 'null') return <span className="query-results__null">{text}</span>;
  if (kind === 'json') return <pre className="query-results__json">{text}</pre>;
  return <span className="query-results__text">{text}</span>;
}

/**
 * The results (spec part 2 §2, §4): a header per column, each a button that sorts by it (ascending, then descending;
 * aria-sort says which); cells pretty-printed. A wide table scrolls sideways in its own focusable box.
 */
export function ResultsTable({ columns, rows, sort, onSort, widths }: ResultsTableProps) {
  const hintId = useId();
  const [shown, setShown] = useState(ROWS_PER_STEP);
  const visible = rows.slice(0, shown);
  return (
    <>
      <p id={hintId} className="query-results__hint">
        {QueryToolPageTexts.sortHint}
      </p>
      <div className="debug-table-scroll" role="region" aria-label={QueryToolPageTexts.scrollRegion} tabIndex={0}>
        <table
          className={['debug-table', 'query-results', widths ? 'query-results--preset' : ''].join(' ').trim()}
          aria-describedby={hintId}
        >
          <caption className="hl-visually-hidden">{QueryToolPageTexts.resultsCaption}</caption>
          {widths && (
            <colgroup>
              {widths.map((width, index) => (
                <col key={columns[index]} style={width ? { width } : undefined} />
              ))}
            </colgroup>
          )}
          <thead>
            <tr>
              {columns.map((column) => (
                <th key={column} scope="col" aria-sort={ariaSort(sort, column)}>
                  <button type="button" className="query-results__sort" onClick={() => onSort(column)}>
                    {column}
                    <span aria-hidden="true" className="query-results__arrow">
                      {sort?.column === column ? (sort.direction === 'asc' ? '▲' : '▼') : '↕'}
                    </span>
                  </button>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {visible.map((row, index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column}>
                    <Cell value={row[column]} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown && (
        <button
          type="button"
          className="hl-button hl-button--secondary query-results__more"
          onClick={() => setShown((n) => n + ROWS_PER_STEP)}
        >
          {QueryToolPageTexts.showMore(shown, rows.length)}
        </button>
      )}
    </>
  );
}
