import { act, screen, waitFor, within } from '@testing-library/react';
import { useLocation } from 'react-router';
import { toast } from 'react-hot-toast';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { deferredReply, serveApi } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { replaceText, setupUser, type UserEvent } from '@healthlink/test-support/user';
import { HealthHistoryWidget } from '../components/HealthHistoryWidget';
import { HealthHistoryPage } from '../routes/HealthHistoryPage';
import { buildClaim, buildClaims, serveErrorLog, serveHealthHistory } from './fake-health-history-api';

const FAILED = 'Something went wrong with fetching your Health History. Please try again later.';
const TOAST = 'There was an error retrieving some of your data. Please try again later.';

let user: UserEvent;
const scrollIntoView = jest.fn();
beforeEach(() => {
  user = setupUser();
  scrollIntoView.mockReset();
  Element.prototype.scrollIntoView = scrollIntoView;
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
});

const claimButtons = () => within(screen.getByRole('list', { name: 'Claims' })).getAllByRole('button');
const titles = () => claimButtons().map((button) => button.querySelector('.claim__title')?.textContent);
const claimButton = (name: RegExp | string) => screen.getByRole('button', { name });

function SearchProbe() {
  return <div data-testid="query">{useLocation().search}</div>;
}
const renderHistoryPage = (url = '/healthHistory') =>
  renderPage(
    <>
      <HealthHistoryPage />
      <SearchProbe />
    </>,
    url,
    { routePath: '/healthHistory' },
  );
const urlQuery = () => new URLSearchParams(screen.getByTestId('query').textContent ?? '');

describe('Health History on the dashboard', () => {
  it('shows the 3 newest claims, asking the server for 3 only, and links to /healthHistory', async () => {
    const requests = serveHealthHistory(buildClaims(8));
    const onStatus = jest.fn();
    renderPage(<HealthHistoryWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading Health History');
    await screen.findByRole('list', { name: 'Claims' });
    expect(titles()).toEqual(['Visit 08', 'Visit 07', 'Visit 06']);
    expect(requests).toEqual([{ limit: '3', cursor: null, search: null, serviceID: null }]);
    expect(screen.getByRole('link', { name: 'See all Health History' })).toHaveAttribute('href', '/healthHistory');
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(onStatus.mock.calls).toEqual([['pending'], ['success']]);
  });

  it('opens a claim to its diagnoses and procedures, code and plain name, and closes it, by mouse or keyboard', async () => {
    serveHealthHistory([
      buildClaim({
        date: '2023-06-14',
        type: 'institutional',
        status: 'active',
        outcome: 'complete',
        payment_amount: '1505.9',
        rendering_provider: 'Mercy General Hospital',
        diagnoses: [
          { id: 'd1', diagnosis_code: 'I10', diagnosis_display: 'Essential (primary) hypertension' },
          { id: 'd2', diagnosis_code: 'E78.5', diagnosis_display: null },
        ],
        procedures: [{ id: 'p1', procedure_code: '93000', procedure_date: '2023-06-14', procedure_display: 'Electrocardiogram, complete' }],
      }),
    ]);
    renderPage(<HealthHistoryWidget variant="dashboard" />, '/app/dashboard');
    await screen.findByRole('list', { name: 'Claims' });
    // The name reads the whole title, the date, the type and the payment (jsdom spaces out the inline parts).
    const button = claimButton(
      /^Essential \(primary\) hypertension, E78\.5,\s*Jun 14, 2023\s*,\s*Institutional\s*,\s*Payment \$1,505\.90$/,
    );
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button.parentElement).toHaveProperty('tagName', 'H3');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    const [diagnoses, procedures] = within(panel).getAllByRole('list');
    expect(
      within(diagnoses)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['I10Essential (primary) hypertension', 'E78.5No description given']);
    expect(within(procedures).getByRole('listitem')).toHaveTextContent('93000Electrocardiogram, complete on Jun 14, 2023');
    expect(within(panel).getByText('Provider').nextElementSibling).toHaveTextContent('Mercy General Hospital');
    expect(within(panel).getByText('Outcome').nextElementSibling).toHaveTextContent('Complete');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    button.focus();
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  it('cuts a diagnosis title longer than 50 characters with an ellipsis, keeping it whole for screen readers and the tooltip', async () => {
    const long = 'Type 2 diabetes mellitus with diabetic chronic kidney disease, stage 3';
    const fifty = 'Chronic obstructive pulmonary disease, unspecified'; // exactly 50
    expect(fifty).toHaveLength(50);
    serveHealthHistory([
      buildClaim({ date: '2024-02-01', diagnoses: [{ id: 'a', diagnosis_code: 'E11.22', diagnosis_display: long }] }),
      buildClaim({ date: '2024-01-01', diagnoses: [{ id: 'b', diagnosis_code: 'J44.9', diagnosis_display: fifty }] }),
    ]);
    renderPage(<HealthHistoryWidget variant="dashboard" />, '/app/dashboard');
    await screen.findByRole('list', { name: 'Claims' });
    const [cut, whole] = titles();
    expect(cut).toBe(`${long.slice(0, 50)}...`);
    expect(cut).toBe('Type 2 diabetes mellitus with diabetic chronic kid...');
    expect(whole).toBe(fifty);
    const first = claimButtons()[0];
    expect(first.querySelector('.claim__title')).toHaveAttribute('title', long);
    expect(first).toHaveAccessibleName(expect.stringContaining(long));
  });

  it('titles a claim without diagnoses by its type', async () => {
    serveHealthHistory([buildClaim({ type: 'pharmacy', diagnoses: [] })]);
    renderPage(<HealthHistoryWidget variant="dashboard" />, '/app/dashboard');
    await screen.findByRole('list', { name: 'Claims' });
    expect(titles()).toEqual(['Pharmacy claim']);
  });

  it('with no claims shows "No Health History found" and the way to link an insurer', async () => {
    serveHealthHistory([]);
    const onStatus = jest.fn();
    renderPage(<HealthHistoryWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText('No Health History found')).toBeInTheDocument();
    expect(screen.getByText('Add data by linking your provider')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(onStatus).toHaveBeenLastCalledWith('success');
  });

  it('on a failed fetch shows the spec text, reports it once, and loads again on Try again', async () => {
    serveHealthHistory([], { failWith: () => 500 });
    const log = serveErrorLog();
    const onStatus = jest.fn();
    renderPage(<HealthHistoryWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('failed');
    await waitFor(() => expect(log.map((entry) => entry.errorType)).toEqual(['HEALTH_HISTORY_FETCH_ERROR']));
    expect(log[0].errorDetails).toMatchObject({ endpoint: '/api/explanationOfBenefits', status: 500 });

    const retry = deferredReply();
    serveApi({ 'GET /api/explanationOfBenefits': retry.handler });
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading Health History…')).toBeInTheDocument();
    retry.release({ status: 200, body: { EOB: buildClaims(1), nextCursor: null, total: 1, asOf: null } });
    await screen.findByRole('list', { name: 'Claims' });
    expect(onStatus.mock.calls.map(([status]) => status)).toEqual(['pending', 'failed', 'pending', 'success']);
  });
});

describe('/healthHistory', () => {
  it('has a title, an intro, a Back link and a search field', async () => {
    serveHealthHistory(buildClaims(2));
    renderHistoryPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Health History' })).toBeInTheDocument();
    expect(screen.getByText(/Your claims from your insurers, newest first/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.getByRole('searchbox', { name: 'Search your health history' })).toHaveValue('');
    await screen.findByRole('list', { name: 'Claims' });
    expect(document.title).toBe('Health History | CarePath');
  });

  it('shows 5, then 5 more per Load more, moving focus to the first new claim, until all are shown', async () => {
    const requests = serveHealthHistory(buildClaims(12));
    renderHistoryPage();
    await screen.findByRole('list', { name: 'Claims' });
    expect(titles()).toEqual(['Visit 12', 'Visit 11', 'Visit 10', 'Visit 09', 'Visit 08']);
    // Under the page's h1.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(5);
    expect(screen.getByText('Showing 5 of 12 claims')).toHaveAttribute('role', 'status');

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(claimButtons()).toHaveLength(10));
    await waitFor(() => expect(claimButton(/^Visit 07,/)).toHaveFocus());
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(claimButtons()).toHaveLength(12));
    expect(titles().slice(-2)).toEqual(['Visit 02', 'Visit 01']);
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    expect(screen.getByText('Showing 12 of 12 claims')).toBeInTheDocument();
    expect(requests.map(({ limit }) => limit)).toEqual(['5', '5', '5']);
  });

  it('searches on the server a moment after typing stops, once, and puts the search in the URL', async () => {
    const claims = buildClaims(12);
    claims[2] = { ...claims[2], rendering_provider: 'Dr. Okafor' };
    claims[9] = {
      ...claims[9],
      procedures: [{ id: 'p', procedure_code: 'G0008', procedure_date: null, procedure_display: 'Flu shot Okafor clinic' }],
    };
    const requests = serveHealthHistory(claims);
    renderHistoryPage();
    await screen.findByRole('list', { name: 'Claims' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your health history' }), 'okafor');
    await waitFor(() => expect(titles()).toEqual(['Visit 10', 'Visit 03']));
    expect(requests.map(({ search }) => search)).toEqual([null, 'okafor']);
    expect(urlQuery().get('search')).toBe('okafor');
    expect(screen.getByText('Showing 2 of 2 matching claims')).toBeInTheDocument();
  });

  it('starts from the URL search and says when nothing matches', async () => {
    const requests = serveHealthHistory(buildClaims(6));
    renderHistoryPage('/healthHistory?search=Visit%2003');
    expect(screen.getByRole('searchbox', { name: 'Search your health history' })).toHaveValue('Visit 03');
    await waitFor(() => expect(titles()).toEqual(['Visit 03']));
    expect(requests[0].search).toBe('Visit 03');

    await replaceText(user, screen.getByRole('searchbox', { name: 'Search your health history' }), 'dialysis');
    await user.keyboard('{Enter}');
    expect(await screen.findByText(/No claims match “dialysis”/)).toBeInTheDocument();
    expect(screen.queryByText('No Health History found')).not.toBeInTheDocument();

    await user.clear(screen.getByRole('searchbox', { name: 'Search your health history' }));
    await waitFor(() => expect(claimButtons()).toHaveLength(5));
    expect(urlQuery().has('search')).toBe(false);
  });

  it('sends a URL search the way the server takes it: no control characters, at most 200 characters', async () => {
    const requests = serveHealthHistory(buildClaims(3));
    renderHistoryPage(`/healthHistory?search=${encodeURIComponent(`flu\u0007shot ${'x'.repeat(300)}`)}`);
    await screen.findByText(/No claims match/);
    expect(requests[0].search).toBe(`flu shot ${'x'.repeat(191)}`);
    expect(requests[0].search).toHaveLength(200);
  });

  it('opens ?serviceID= in the pages up to it, scrolls to it and moves focus to it; Load more goes on from there', async () => {
    // Newest first, Visit 04 is the 14th: the answer holds the first 3 pages of 5.
    const requests = serveHealthHistory(buildClaims(17));
    renderHistoryPage('/healthHistory?serviceID=visit-4');
    await screen.findByRole('list', { name: 'Claims' });
    expect(requests[0]).toEqual({ limit: '5', cursor: null, search: null, serviceID: 'visit-4' });
    expect(claimButtons()).toHaveLength(15);
    const linked = claimButton(/^Visit 04,/);
    await waitFor(() => expect(linked).toHaveFocus());
    expect(linked).toHaveAttribute('aria-expanded', 'true');
    expect(claimButton(/^Visit 05,/)).toHaveAttribute('aria-expanded', 'false');
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(scrollIntoView.mock.contexts[0]).toBe(linked);

    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(claimButtons()).toHaveLength(17));
    expect(requests[1]).toMatchObject({ limit: '5', serviceID: null });
    expect(requests[1].cursor).not.toBeNull();
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
  });

  it('says so when ?serviceID= names no claim of the member, and shows the list', async () => {
    serveHealthHistory(buildClaims(7));
    renderHistoryPage('/healthHistory?serviceID=not-mine');
    expect(await screen.findByText(/We could not find the claim you followed a link to/)).toBeInTheDocument();
    expect(claimButtons()).toHaveLength(5);
    expect(claimButtons().every((button) => button.getAttribute('aria-expanded') === 'false')).toBe(true);
  });

  it('a search drops the serviceID from the URL', async () => {
    serveHealthHistory(buildClaims(7));
    renderHistoryPage('/healthHistory?serviceID=visit-2');
    await screen.findByRole('list', { name: 'Claims' });
    await user.type(screen.getByRole('searchbox', { name: 'Search your health history' }), 'Visit 0{Enter}');
    await waitFor(() => expect(urlQuery().get('search')).toBe('Visit 0'));
    expect(urlQuery().has('serviceID')).toBe(false);
  });

  it('toasts once when the fetch fails', async () => {
    serveErrorLog();
    serveHealthHistory([], { failWith: () => 500 });
    renderHistoryPage();
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(TOAST)).toHaveLength(1);
  });

  it('on a failed Load more keeps the claims shown, says so, and toasts once', async () => {
    serveErrorLog();
    serveHealthHistory(buildClaims(12), { failWith: ({ cursor }) => (cursor ? 500 : null) });
    renderHistoryPage();
    await screen.findByRole('list', { name: 'Claims' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(FAILED);
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(TOAST)).toHaveLength(1);
    expect(claimButtons()).toHaveLength(5);
  });
});
