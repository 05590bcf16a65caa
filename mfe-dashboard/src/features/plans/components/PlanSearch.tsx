import { useId, useRef, useState, type FormEvent } from 'react';
import { planSearchMessage, PlanTexts as SharedTexts, type PlanSearchResponse } from '@healthlink/contracts';
import { Button, TextField, useMediaQuery } from '@healthlink/web-ui';
import { formatDate } from '../../../components/date/format-date';
import { usePlanSearch, type PlanSearchKind } from '../api/plan-search';
import { PlanTexts } from '../lib/plan-texts';
import { PLAN_TABLE_QUERY } from './PlanRankList';

export interface PlanSearchProps {
  kind: PlanSearchKind;
  title: string;
  carrier: string;
  bidId: string;
}

type Table = NonNullable<PlanSearchResponse['response']>;

/** Wide screens: a table with column headers; narrow: one card per row, each value labelled by its header. */
function ResultTable({ table, caption }: { table: Table; caption: string }) {
  const wide = useMediaQuery(PLAN_TABLE_QUERY);
  if (!table.tableData.length) return <p role="status">No results.</p>;
  if (wide) {
    return (
      <div className="plan-table-wrap">
        <table className="plan-table">
          <caption className="plan-table__caption">{caption}</caption>
          <thead>
            <tr>
              {table.tableHeaders.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.tableData.map((row, rowIndex) => (
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  <td key={cellIndex}>{cell}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }
  return (
    <ul className="plan-lines" aria-label={caption}>
      {table.tableData.map((row, rowIndex) => (
        <li key={rowIndex} className="plan-line">
          <dl className="plan-line__facts">
            {row.map((cell, cellIndex) => (
              <div key={cellIndex}>
                <dt>{table.tableHeaders[cellIndex] ?? ''}</dt>
                <dd>{cell}</dd>
              </div>
            ))}
          </dl>
        </li>
      ))}
    </ul>
  );
}

/**
 * The in-network doctor search and the drug search (part 2 §2, §3, §7, §8): a name and Search; the search is polled
 * and shows its table with what it can and cannot say, or the spec's text for its status.
 */
export function PlanSearch({ kind, title, carrier, bidId }: PlanSearchProps) {
  const headingId = useId();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [searched, setSearched] = useState('');
  const search = usePlanSearch(kind);
  const field = useRef<HTMLInputElement>(null);
  const label = kind === 'provider' ? 'Doctor’s name' : 'Drug name';

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (search.isPending) return;
    const name = text.trim();
    if (!name) {
      setError(SharedTexts.fieldRequired);
      field.current?.focus();
      return;
    }
    setError(undefined);
    setSearched(name);
    search.mutate(kind === 'provider' ? { carrier, providerName: name, bidId } : { carrier, drugName: name, bidId });
  }

  const outcome = search.data;
  const message = search.isError ? SharedTexts.searchFailed : outcome ? planSearchMessage(outcome.status) : null;
  return (
    <section className="plan-section" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      <form noValidate onSubmit={submit} className="plan-search" role="search" aria-labelledby={headingId}>
        <TextField ref={field} label={label} value={text} onChange={(event) => setText(event.target.value)} error={error} />
        <Button type="submit" aria-disabled={search.isPending || undefined}>
          Search
        </Button>
      </form>
      <div aria-live="polite">
        {search.isPending ? (
          <p role="status">{PlanTexts.searching}</p>
        ) : message ? (
          <p className="plan-search__message">{message}</p>
        ) : outcome?.table ? (
          <>
            <ResultTable table={outcome.table} caption={`Results for “${searched}”`} />
            {outcome.table.note && <p className="plan-note">{outcome.table.note}</p>}
            {outcome.table.dataAsOf && <p className="plan-as-of">Data as of {formatDate(outcome.table.dataAsOf)}.</p>}
          </>
        ) : null}
      </div>
    </section>
  );
}
