import { useEffect, useId, useMemo, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { useLocation, useSearchParams } from 'react-router';
import { toast } from 'react-hot-toast';
import { QUERY_MAX_LENGTH, QueryToolTexts, type RunQueryResponse } from '@healthlink/contracts';
import { isApiError, usePageTitle } from '@healthlink/web-runtime';
import { Button, Container, FormMessage, TextAreaField } from '@healthlink/web-ui';
import { failureText, isStaffOnlyError } from '../../../components/api-failure';
import { CommonQueriesLink } from '../../../components/CommonQueriesLink';
import { DebugTexts } from '../../../components/debug-texts';
import { StaffOnlyNotice } from '../../../components/StaffOnlyNotice';
import { permalinkFor, useCopyPermalink } from '../../../components/useCopyPermalink';
import '../../../components/debug.css';
import { useRunQuery, type SubmittedQuery } from '../api/run-query';
import { ResultsTable } from '../components/ResultsTable';
import { columnWidthsFor } from '../lib/column-widths';
import { defaultQueryFor, QUERY_PARAM, titleFor } from '../lib/default-query';
import { exportResults } from '../lib/export-results';
import { QueryToolPageTexts } from '../lib/query-tool-texts';
import { nextSort, sortRows, type SortState } from '../lib/sort-rows';
import '../components/query-tool.css';

// The SQL is written to the URL as it is typed, at most this often (browsers throttle rapid history updates).
const URL_WRITE_DELAY_MS = 300;

/** Spec part 2 §2: one page behind /errors, /ndcLookup, /ndcProducts and /ndcPackages; a new path starts afresh. */
export function QueryToolPage() {
  const { pathname } = useLocation();
  return <QueryTool key={pathname} pathname={pathname} />;
}

function QueryTool({ pathname }: { pathname: string }) {
  const { title, subtitle } = titleFor(pathname);
  usePageTitle(title);
  const [searchParams, setSearchParams] = useSearchParams();
  const [sql, setSql] = useState(() => searchParams.get(QUERY_PARAM) ?? defaultQueryFor(pathname));
  // Spec part 2 §4: the query runs once on load with the initial text, and again at each Execute Query.
  const [submitted, setSubmitted] = useState<SubmittedQuery>({ sql, run: 0 });
  const result = useRunQuery(submitted);
  const copyPermalink = useCopyPermalink();
  const messageId = useId();

  // The text lives in the `query` URL parameter: a reload or a shared address brings it back.
  const urlSql = searchParams.get(QUERY_PARAM);
  const written = useRef(urlSql);
  useEffect(() => {
    if (urlSql === sql) return;
    const timer = setTimeout(() => {
      written.current = sql;
      setSearchParams(
        (params) => {
          params.set(QUERY_PARAM, sql);
          return params;
        },
        { replace: true },
      );
    }, URL_WRITE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [sql, urlSql, setSearchParams]);

  // Another address of this page (a permalink followed, Back): its SQL is shown and run, as on load.
  useEffect(() => {
    if (urlSql === null || urlSql === written.current) return;
    written.current = urlSql;
    setSql(urlSql);
    setSubmitted((last) => ({ sql: urlSql, run: last.run + 1 }));
  }, [urlSql]);

  const execute = () => setSubmitted((last) => ({ sql, run: last.run + 1 }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    execute();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
      event.preventDefault();
      execute();
    }
  };

  const permalink = () => copyPermalink(permalinkFor(pathname, new URLSearchParams({ [QUERY_PARAM]: sql })));

  if (isStaffOnlyError(result.error)) return <StaffOnlyNotice />;

  const data = result.isFetching ? undefined : result.data;
  const error = result.isFetching ? null : result.error;
  // A refused query (400 about `query`) marks the SQL field and links it to the reason.
  const refused = isApiError(error) && error.fieldErrors.some((fieldError) => fieldError.field === QUERY_PARAM);
  return (
    <Container className="page query-tool">
      <h1>{title}</h1>
      <p>{subtitle}</p>
      <form onSubmit={onSubmit} noValidate>
        <TextAreaField
          invalid={refused}
          aria-describedby={refused ? messageId : undefined}
          label={QueryToolPageTexts.sqlLabel}
          hint={QueryToolPageTexts.sqlHint}
          className="query-tool__field"
          value={sql}
          maxLength={QUERY_MAX_LENGTH}
          rows={6}
          spellCheck={false}
          autoCapitalize="off"
          autoCorrect="off"
          onChange={(event) => setSql(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <div className="debug-actions">
          <Button type="submit">{QueryToolPageTexts.execute}</Button>
          <CommonQueriesLink />
          <Button variant="secondary" onClick={() => void exportData(data)}>
            {QueryToolPageTexts.exportToExcel}
          </Button>
          <Button variant="secondary" onClick={() => void permalink()}>
            {DebugTexts.copyPermalink}
          </Button>
        </div>
      </form>
      <QueryResults pathname={pathname} data={data} running={result.isFetching} error={error} messageId={messageId} />
    </Container>
  );
}

/** Export to Excel (spec part 2 §8): "No data to export" without rows, else "Export started" and the files. */
async function exportData(data: RunQueryResponse | undefined): Promise<void> {
  if (!data?.rows.length) {
    toast.error(QueryToolTexts.noDataToExport);
    return;
  }
  toast.success(QueryToolTexts.exportStarted);
  try {
    await exportResults(data);
  } catch {
    toast.error(QueryToolPageTexts.exportFailed);
  }
}

interface QueryResultsProps {
  messageId: string;
  pathname: string;
  data: RunQueryResponse | undefined;
  running: boolean;
  error: Error | null;
}

function QueryResults({ pathname, data, running, error, messageId }: QueryResultsProps) {
  let status = '';
  if (running) status = QueryToolPageTexts.running;
  else if (data) status = data.rows.length ? QueryToolTexts.returned(data.rowCount) : QueryToolTexts.noResults;
  return (
    <section aria-label={QueryToolPageTexts.resultsCaption}>
      {/* One live region, in the page from the start, so each outcome is announced. */}
      <p role="status" className="debug-status">
        {running && (
          <span className="hl-spinner" aria-hidden="true">
            <span className="hl-spinner__circle" />
          </span>
        )}
        {status}
      </p>
      <FormMessage id={messageId}>{error ? failureText(error, QueryToolTexts.failed) : null}</FormMessage>
      {data?.truncated && <p className="query-tool__notice">{QueryToolTexts.truncated(data.rowCount)}</p>}
      {/* A new run unmounts the table (no data while it runs), so its sort starts afresh with the new rows. */}
      {data && data.rows.length > 0 && <SortableResults pathname={pathname} data={data} />}
    </section>
  );
}

function SortableResults({ pathname, data }: { pathname: string; data: RunQueryResponse }) {
  const [sort, setSort] = useState<SortState | null>(null);
  const rows = useMemo(() => sortRows(data.rows, sort), [data.rows, sort]);
  return (
    <ResultsTable
      columns={data.columns}
      rows={rows}
      sort={sort}
      onSort={(column) => setSort((current) => nextSort(current, column))}
      widths={columnWidthsFor(pathname, data.columns)}
    />
  );
}
