import { act, render, screen, waitFor, within } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { toast, Toaster } from 'react-hot-toast';
import { DEFAULT_QUERIES, STAFF_ONLY_MESSAGE, type RunQueryResponse } from '@healthlink/contracts';
import { siteInfoQuery } from '@healthlink/web-runtime';
import { callsTo, deferredReply, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { replaceText, setupUser } from '@healthlink/test-support/user';
import { QueryToolPage } from '../routes/QueryToolPage';

const QUERY = 'POST /api/errors/query';

const answer = (columns: string[], rows: RunQueryResponse['rows'], truncated = false): RunQueryResponse => ({
  columns,
  rows,
  rowCount: rows.length,
  truncated,
  durationMs: 3,
});

const ERROR_ROWS = answer(
  ['id', 'created_at', 'error_type', 'error_details'],
  [
    { id: 'b', created_at: '2026-11-25T10:00:00Z', error_type: 'PLAN_RANK_FETCH_ERROR', error_details: { status: 502, stack: 'x\ny' } },
    { id: 'a', created_at: '2026-11-25T11:00:00Z', error_type: 'OPENAI_CHAT_ERROR', error_details: '{"message":"quota"}' },
    { id: 'c', created_at: '2026-11-24T09:00:00Z', error_type: 'DRUG_PRICE_INVALID', error_details: null },
  ],
);

function Where() {
  const { pathname, search } = useLocation();
  return <p data-testid="where">{`${pathname}${search}`}</p>;
}

function renderQueryTool(url: string, handler: ApiHandler) {
  serveApi({ [QUERY]: handler });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(siteInfoQuery.queryKey, TEST_SITE_INFO);
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          {['/errors', '/ndcLookup', '/ndcProducts', '/ndcPackages'].map((path) => (
            <Route key={path} path={path} element={<QueryToolPage />} />
          ))}
        </Routes>
        <Where />
        <Link to={`/errors?query=${encodeURIComponent('SELECT error_type FROM errors;')}`}>Shared link</Link>
      </MemoryRouter>
      <Toaster />
    </QueryClientProvider>,
  );
}

const sqlField = () => screen.getByRole('textbox', { name: 'SQL query' });
const sentQueries = () => callsTo(QUERY).map((call) => (call.body as { query: string }).query);
const bodyRows = () => within(screen.getByRole('table')).getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((row) => within(row).getAllByRole('cell')[0]!.textContent);

afterEach(() => {
  act(() => toast.remove());
  jest.restoreAllMocks();
});

describe('QueryToolPage', () => {
  it.each([
    ['/errors', 'Error Logs Query', DEFAULT_QUERIES.errors],
    ['/ndcPackages', 'NDC Packages Query', DEFAULT_QUERIES.ndc_packages],
    ['/ndcProducts', 'NDC Products Query', DEFAULT_QUERIES.ndc_products],
    ['/ndcLookup', 'NDC Products Query', DEFAULT_QUERIES.ndc_products],
  ])('%s runs its default query once on load', async (path, title, sql) => {
    renderQueryTool(path, { status: 200, body: ERROR_ROWS });
    expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(sqlField()).toHaveValue(sql);
    expect(await screen.findByText('Query returned 3 result(s)')).toBeInTheDocument();
    expect(sentQueries()).toEqual([sql]);
  });

  it('takes the SQL from the query parameter, and writes edits back to it', async () => {
    const user = setupUser();
    renderQueryTool(`/ndcProducts?query=${encodeURIComponent('SELECT 1 AS one;')}`, { status: 200, body: answer(['one'], [{ one: 1 }]) });
    expect(sqlField()).toHaveValue('SELECT 1 AS one;');
    await screen.findByText('Query returned 1 result(s)');
    expect(sentQueries()).toEqual(['SELECT 1 AS one;']);

    await replaceText(user, sqlField(), 'SELECT 2;');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/ndcProducts?query=SELECT+2%3B'));
    // Typing alone runs nothing.
    expect(sentQueries()).toHaveLength(1);
  });

  it('follows another address of the page: shows its SQL and runs it', async () => {
    const user = setupUser();
    renderQueryTool('/errors', { status: 200, body: ERROR_ROWS });
    await screen.findByText('Query returned 3 result(s)');
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/errors?query=SELECT'));
    await user.click(screen.getByRole('link', { name: 'Shared link' }));
    await waitFor(() => expect(sentQueries()).toEqual([DEFAULT_QUERIES.errors, 'SELECT error_type FROM errors;']));
    expect(sqlField()).toHaveValue('SELECT error_type FROM errors;');
    // The address followed stays: the page does not write the earlier SQL back over it.
    await new Promise((resolve) => setTimeout(resolve, 400));
    const where = new URL(screen.getByTestId('where').textContent!, 'http://x');
    expect(where.searchParams.get('query')).toBe('SELECT error_type FROM errors;');
    expect(sentQueries()).toHaveLength(2);
  });

  it('runs the text again on Execute Query and on Ctrl+Enter or Cmd+Enter, even when unchanged', async () => {
    const user = setupUser();
    renderQueryTool('/ndcPackages', { status: 200, body: answer(['ndc11'], [{ ndc11: '59417010210' }]) });
    await screen.findByText('Query returned 1 result(s)');
    await user.click(screen.getByRole('button', { name: 'Execute Query' }));
    await waitFor(() => expect(sentQueries()).toHaveLength(2));
    await replaceText(user, sqlField(), 'SELECT ndc11 FROM ndc_packages;');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    await waitFor(() => expect(sentQueries()).toHaveLength(4));
    expect(sentQueries().slice(2)).toEqual(['SELECT ndc11 FROM ndc_packages;', 'SELECT ndc11 FROM ndc_packages;']);
    expect(sqlField()).toHaveValue('SELECT ndc11 FROM ndc_packages;');
  });

  it('says it is running, then the count, in a live region', async () => {
    const reply = deferredReply();
    renderQueryTool('/errors', reply.handler);
    expect(screen.getByRole('status')).toHaveTextContent('Running query…');
    reply.release({ status: 200, body: ERROR_ROWS });
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Query returned 3 result(s)'));
  });

  it('sorts by a header, ascending then descending, by mouse or keyboard, and says so with aria-sort', async () => {
    const user = setupUser();
    renderQueryTool('/errors', { status: 200, body: ERROR_ROWS });
    await screen.findByRole('table');
    expect(firstCells()).toEqual(['b', 'a', 'c']);
    const header = screen.getByRole('columnheader', { name: /created_at/ });
    expect(header).not.toHaveAttribute('aria-sort');

    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(firstCells()).toEqual(['c', 'b', 'a']);

    within(header).getByRole('button').focus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()).toEqual(['a', 'b', 'c']);

    const idHeader = screen.getByRole('columnheader', { name: /^id/ });
    await user.click(within(idHeader).getByRole('button'));
    expect(idHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(header).not.toHaveAttribute('aria-sort');
    expect(firstCells()).toEqual(['a', 'b', 'c']);
  });

  it('adds a long answer to the table a step at a time, sorting all of it', async () => {
    const user = setupUser();
    const rows = Array.from({ length: 501 }, (_, i) => ({ n: i }));
    renderQueryTool('/ndcProducts', { status: 200, body: answer(['n'], rows) });
    await screen.findByText('Query returned 501 result(s)');
    expect(bodyRows()).toHaveLength(500);
    await user.click(within(screen.getByRole('columnheader', { name: /^n/ })).getByRole('button'));
    await user.click(within(screen.getByRole('columnheader', { name: /^n/ })).getByRole('button'));
    expect(firstCells()[0]).toBe('500');
    await user.click(screen.getByRole('button', { name: 'Show more rows (500 of 501 shown)' }));
    expect(bodyRows()).toHaveLength(501);
    expect(screen.queryByRole('button', { name: /Show more rows/ })).not.toBeInTheDocument();
  });

  it('pretty-prints objects and JSON text, shows NULL, and gives error_details 60% on /errors', async () => {
    renderQueryTool('/errors', { status: 200, body: ERROR_ROWS });
    await screen.findByRole('table');
    const [first, second, third] = bodyRows();
    expect(within(first!).getAllByRole('cell')[3]!.querySelector('pre')!.textContent).toBe('{\n  "status": 502,\n  "stack": "x\ny"\n}');
    expect(within(second!).getAllByRole('cell')[3]!.querySelector('pre')!.textContent).toBe('{\n  "message": "quota"\n}');
    expect(within(third!).getAllByRole('cell')[3]).toHaveTextContent('NULL');
    const cols = screen.getByRole('table').querySelectorAll('col');
    expect(cols[3]).toHaveStyle({ width: '60%' });
  });

  it('says "No results found." for an empty answer, and a cut answer says where it stopped', async () => {
    const user = setupUser();
    const replies = [answer(['id'], []), answer(['id'], [{ id: 1 }, { id: 2 }], true)];
    renderQueryTool('/errors', () => ({ status: 200, body: replies.shift() }));
    expect(await screen.findByText('No results found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Execute Query' }));
    expect(await screen.findByText('Only the first 2 rows are shown.')).toBeInTheDocument();
  });

  it.each([
    [
      'the server message',
      { status: 400, body: { code: 'DEBUG.QUERY_REFUSED', message: 'Only one SELECT statement may be run' } },
      'Error: Only one SELECT statement may be run',
    ],
    ['"Failed to execute query" when the answer has none', { status: 502, body: '<html>Bad gateway</html>' }, 'Failed to execute query'],
    ['what the failed call threw when the server is unreachable', 'network-error' as const, 'The server could not be reached.'],
  ])('shows %s', async (_, reply, text) => {
    renderQueryTool('/errors', reply as never);
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(text));
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('shows the staff-only page, not an error, when the role was revoked since the page loaded', async () => {
    renderQueryTool('/errors', { status: 403, body: { code: 'AUTH.STAFF_ONLY', message: STAFF_ONLY_MESSAGE } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Staff only' })).toBeInTheDocument();
    expect(screen.getByText(STAFF_ONLY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.queryByRole('heading', { name: 'Error Logs Query' })).not.toBeInTheDocument();
    expect(screen.queryByText(/^Error: /)).not.toBeInTheDocument();
  });

  it('copies a permalink with the current SQL', async () => {
    const user = setupUser();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText');
    renderQueryTool('/errors', { status: 200, body: ERROR_ROWS });
    await screen.findByRole('table');
    await replaceText(user, sqlField(), "SELECT * FROM errors WHERE error_type = 'X';");
    await user.click(screen.getByRole('button', { name: 'Copy Permalink' }));
    expect(await screen.findByText('Permalink copied to clipboard!')).toBeInTheDocument();
    expect(writeText).toHaveBeenCalledTimes(1);
    const copied = new URL(writeText.mock.calls[0]![0]);
    expect(copied.pathname).toBe('/errors');
    expect(copied.searchParams.get('query')).toBe("SELECT * FROM errors WHERE error_type = 'X';");
  });

  it('opens Common Queries in a new tab without a handle back to the page', async () => {
    renderQueryTool('/errors', { status: 200, body: ERROR_ROWS });
    const link = screen.getByRole('link', { name: 'Common Queries (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(link.getAttribute('href')).toMatch(/common-queries\.html$/);
    await screen.findByRole('table');
  });

  describe('Export to Excel', () => {
    let saved: { name: string; blob: Blob }[];
    const blobs = new Map<string, Blob>();

    beforeEach(() => {
      saved = [];
      let next = 0;
      URL.createObjectURL = jest.fn((blob: Blob) => {
        const url = `blob:test/${next++}`;
        blobs.set(url, blob);
        return url;
      });
      URL.revokeObjectURL = jest.fn();
      jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
        saved.push({ name: this.download, blob: blobs.get(this.href)! });
      });
    });

    it('says "No data to export" when there are no rows, and saves nothing', async () => {
      const user = setupUser();
      renderQueryTool('/errors', { status: 200, body: answer(['id'], []) });
      await screen.findByText('No results found.');
      await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
      expect(await screen.findByText('No data to export')).toBeInTheDocument();
      expect(saved).toEqual([]);
    });

    it('says "Export started" and saves error_logs.csv and a real error_logs.xlsx of the rows', async () => {
      const user = setupUser();
      renderQueryTool('/errors', { status: 200, body: ERROR_ROWS });
      await screen.findByRole('table');
      await user.click(screen.getByRole('button', { name: 'Export to Excel' }));
      expect(await screen.findByText('Export started')).toBeInTheDocument();
      await waitFor(() => expect(saved.map((file) => file.name)).toEqual(['error_logs.csv', 'error_logs.xlsx']));
      // UTF-8 with a byte-order mark, so Excel reads accents right (Blob.text() drops the mark).
      expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer()).slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const csv = await saved[0]!.blob.text();
      expect(csv.split('\r\n')[0]).toBe('id,created_at,error_type,error_details');
      expect(csv.split('\r\n')[1]).toBe('b,2026-11-25T10:00:00Z,PLAN_RANK_FETCH_ERROR,"{""status"":502;""stack"":""x\\ny""}"');
      expect(saved[1]!.blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const { Workbook } = await import('exceljs');
      const workbook = new Workbook();
      await workbook.xlsx.load(await saved[1]!.blob.arrayBuffer());
      expect(workbook.worksheets[0]!.rowCount).toBe(4);
    });
  });
});
