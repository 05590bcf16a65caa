import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { deferredReply, serveApi } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser, type UserEvent } from '@healthlink/test-support/user';
import { RxHistoryWidget } from '../components/RxHistoryWidget';
import { RxHistoryPage } from '../routes/RxHistoryPage';
import { buildRxHistory, buildRxRow, serveErrorLog, serveRxHistory } from './fake-rx-api';

const FAILED = 'Something went wrong with fetching your Rx History. Please try again later.';
const TOAST = 'There was an error retrieving some of your data. Please try again later.';

let user: UserEvent;
beforeEach(() => {
  user = setupUser();
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
});

const drugNames = () => screen.queryAllByRole('article').map((article) => within(article).getByRole('heading').textContent);
const list = () => screen.getByRole('list', { name: 'Prescriptions' });
const fact = (article: HTMLElement, term: string) => {
  const dt = within(article).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
};

describe('Rx History on the dashboard', () => {
  it('shows the 3 newest prescriptions, asking the server for 3 only, and links to /rxHistory', async () => {
    const requests = serveRxHistory(buildRxHistory(8));
    const onStatus = jest.fn();
    renderPage(<RxHistoryWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading Rx History');
    await screen.findByRole('list', { name: 'Prescriptions' });
    expect(drugNames()).toEqual(['Drug 08', 'Drug 07', 'Drug 06']);
    // Under the dashboard card's h2.
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(requests).toEqual([{ limit: '3', cursor: null, sort: 'newest' }]);
    expect(screen.getByRole('link', { name: 'See all Rx History' })).toHaveAttribute('href', '/rxHistory');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(onStatus.mock.calls).toEqual([['pending'], ['success']]);
  });

  it('shows every field of an entry, money as dollars, and N/A with the reason while prices are not there yet', async () => {
    serveRxHistory([
      buildRxRow({
        drug_name: 'Atorvastatin 20 MG Oral Tablet',
        drug_ndc: '00093505898',
        date_prescribed: '2024-03-05',
        provider: 'Dr. Ana Rivera',
        patient_paid: '1205.5',
        insurer_paid: '0',
        total_price: '1,205.50',
      }),
    ]);
    renderPage(<RxHistoryWidget variant="dashboard" />, '/app/dashboard');
    const entry = await screen.findByRole('article', { name: 'Atorvastatin 20 MG Oral Tablet' });
    expect(fact(entry, 'NDC')).toHaveTextContent('00093505898');
    expect(fact(entry, 'Date prescribed')).toHaveTextContent('Mar 5, 2024');
    expect(fact(entry, 'Provider')).toHaveTextContent('Dr. Ana Rivera');
    expect(fact(entry, 'You paid')).toHaveTextContent('$1,205.50');
    expect(fact(entry, 'Insurer paid')).toHaveTextContent('$0');
    expect(fact(entry, 'Total')).toHaveTextContent('$1,205.50');
    expect(fact(entry, 'Best brand price')).toHaveTextContent(/^N\/A$/);
    expect(fact(entry, 'Best generic price')).toHaveTextContent(/^N\/A$/);
    expect(screen.getByText(/we do not have prices for these drugs yet/)).toBeVisible();
  });

  it('shows a best price with its source, the saving and the date of the price once the drug is priced', async () => {
    serveRxHistory([
      buildRxRow({
        drug_name: 'Lipitor',
        brandDrugBP: '89.10',
        bestPriceBrandSource: 'Harbor Pharmacy',
        brandDrugName: 'Lipitor',
        brandSavings: '120.00',
        genericDrugBP: '9.5',
        bestPriceGenericSource: 'Main St Drugs',
        genericDrugName: 'atorvastatin',
        genericSavings: '30.25',
        priceDate: '2025-02-01',
      }),
    ]);
    renderPage(<RxHistoryWidget variant="dashboard" />, '/app/dashboard');
    const entry = await screen.findByRole('article', { name: 'Lipitor' });
    expect(fact(entry, 'Best brand price (Lipitor)')).toHaveTextContent('$89.10 at Harbor PharmacyYou save $120.00Price as of Feb 1, 2025');
    expect(fact(entry, 'Best generic price (atorvastatin)')).toHaveTextContent('$9.50 at Main St DrugsYou save $30.25');
    expect(screen.queryByText(/we do not have prices/)).not.toBeInTheDocument();
  });

  it('sorts oldest first and back, the pressed button saying which', async () => {
    const requests = serveRxHistory(buildRxHistory(8));
    renderPage(<RxHistoryWidget variant="dashboard" />, '/app/dashboard');
    await screen.findByRole('list', { name: 'Prescriptions' });
    const sort = screen.getByRole('group', { name: 'Sort by date prescribed' });
    expect(within(sort).getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(within(sort).getByRole('button', { name: 'Oldest first' }));
    await waitFor(() => expect(drugNames()).toEqual(['Drug 01', 'Drug 02', 'Drug 03']));
    expect(within(sort).getByRole('button', { name: 'Oldest first' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(sort).getByRole('button', { name: 'Newest first' })).toHaveAttribute('aria-pressed', 'false');
    expect(requests.at(-1)).toEqual({ limit: '3', cursor: null, sort: 'oldest' });

    await user.click(within(sort).getByRole('button', { name: 'Newest first' }));
    await waitFor(() => expect(drugNames()).toEqual(['Drug 08', 'Drug 07', 'Drug 06']));
  });

  it('with no prescriptions shows "No Rx History found" and the way to link an insurer, and reports success', async () => {
    serveRxHistory([]);
    const onStatus = jest.fn();
    renderPage(<RxHistoryWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText('No Rx History found')).toBeInTheDocument();
    expect(screen.getByText('Add data by linking your provider')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(screen.queryByRole('group', { name: 'Sort by date prescribed' })).not.toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('success');
  });

  it('on a failed fetch shows the spec text, reports the failure once to the error log, and tries again on request', async () => {
    serveRxHistory(buildRxHistory(4), { failWith: () => 500 });
    const log = serveErrorLog();
    const onStatus = jest.fn();
    renderPage(<RxHistoryWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('failed');
    await waitFor(() => expect(log).toHaveLength(1));
    expect(log[0]).toMatchObject({
      errorType: 'RX_HISTORY_FETCH_ERROR',
      host: 'frontend-prod/localhost',
      errorDetails: { endpoint: '/api/userDrugs', status: 500 },
    });

    const retry = deferredReply();
    serveApi({ 'GET /api/userDrugs': retry.handler });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading Rx History…')).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('pending');
    retry.release({ status: 200, body: { queryRes: buildRxHistory(1), nextCursor: null, total: 1, asOf: null } });
    await screen.findByRole('list', { name: 'Prescriptions' });
    expect(onStatus.mock.calls.map(([status]) => status)).toEqual(['pending', 'failed', 'pending', 'success']);
    expect(log).toHaveLength(1);
  });
});

describe('/rxHistory', () => {
  it('has a title, an intro and a Back link to the dashboard', async () => {
    serveRxHistory(buildRxHistory(2));
    renderPage(<RxHistoryPage />, '/rxHistory');
    expect(screen.getByRole('heading', { level: 1, name: 'Rx History' })).toBeInTheDocument();
    expect(screen.getByText(/Every prescription your insurers shared/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    await screen.findByRole('list', { name: 'Prescriptions' });
    expect(document.title).toBe('Rx History | CarePath');
  });

  it('shows 5, then 5 more per Load more, moving focus to the first new one, until all are shown', async () => {
    const requests = serveRxHistory(buildRxHistory(12));
    renderPage(<RxHistoryPage />, '/rxHistory');
    await screen.findByRole('list', { name: 'Prescriptions' });
    expect(drugNames()).toEqual(['Drug 12', 'Drug 11', 'Drug 10', 'Drug 09', 'Drug 08']);
    // Under the page's h1.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 12 prescriptions')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list()).getAllByRole('listitem')).toHaveLength(10));
    expect(drugNames().slice(5)).toEqual(['Drug 07', 'Drug 06', 'Drug 05', 'Drug 04', 'Drug 03']);
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Drug 07' })).toHaveFocus());
    expect(screen.getByText('Showing 10 of 12 prescriptions')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(drugNames()).toHaveLength(12));
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Drug 02' })).toHaveFocus();
    expect(requests.map(({ limit, sort }) => `${limit} ${sort}`)).toEqual(['5 newest', '5 newest', '5 newest']);
    expect(new Set(requests.map(({ cursor }) => cursor)).size).toBe(3);
  });

  it('sorting oldest first starts again from the first 5 of that order', async () => {
    serveRxHistory(buildRxHistory(12));
    renderPage(<RxHistoryPage />, '/rxHistory');
    await screen.findByRole('list', { name: 'Prescriptions' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(drugNames()).toHaveLength(10));
    await user.click(screen.getByRole('button', { name: 'Oldest first' }));
    await waitFor(() => expect(drugNames()).toEqual(['Drug 01', 'Drug 02', 'Drug 03', 'Drug 04', 'Drug 05']));
  });

  it('keeps the Load more button focusable while the next page loads', async () => {
    const next = deferredReply();
    serveRxHistory(buildRxHistory(12));
    renderPage(<RxHistoryPage />, '/rxHistory');
    await screen.findByRole('list', { name: 'Prescriptions' });
    serveApi({ 'GET /api/userDrugs': next.handler });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    const button = screen.getByRole('button', { name: 'Loading more…' });
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveFocus();
    next.release({ status: 200, body: { queryRes: [], nextCursor: null, total: 12, asOf: null } });
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Loading more…' })).not.toBeInTheDocument());
  });

  it('on a failed first fetch shows the failure and one toast', async () => {
    serveRxHistory([], { failWith: () => 503 });
    serveErrorLog();
    renderPage(<RxHistoryPage />, '/rxHistory');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(TOAST)).toHaveLength(1);
  });

  it('on a failed Load more keeps the rows, says so by the button and toasts once', async () => {
    serveRxHistory(buildRxHistory(12), { failWith: ({ cursor }) => (cursor ? 500 : null) });
    const log = serveErrorLog();
    renderPage(<RxHistoryPage />, '/rxHistory');
    await screen.findByRole('list', { name: 'Prescriptions' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(TOAST)).toHaveLength(1);
    expect(drugNames()).toHaveLength(5);
    expect(screen.getByRole('button', { name: 'Load more' })).toBeInTheDocument();
    await waitFor(() => expect(log.map((entry) => entry.errorType)).toEqual(['RX_HISTORY_FETCH_ERROR']));
  });
});
