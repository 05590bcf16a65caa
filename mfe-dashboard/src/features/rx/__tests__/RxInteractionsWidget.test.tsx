import { act, screen, waitFor, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import type { DrugInteraction } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { deferredReply, serveApi } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { setupUser } from '@healthlink/test-support/user';
import { RxInteractionsWidget } from '../components/RxInteractionsWidget';
import { RxInteractionsPage } from '../routes/RxInteractionsPage';
import { buildRxHistory, serveErrorLog, serveInteractions, serveRxHistory } from './fake-rx-api';

const NONE = "It looks like we weren't able to find any interactions between drugs you're taking.";
const FAILED = 'Something went wrong with fetching your Rx Interactions. Please try again later.';
const TOAST = 'There was an error retrieving some of your data. Please try again later.';

beforeEach(() => {
  localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
});
afterEach(() => {
  act(() => toast.remove());
  localStorage.clear();
});

const pair = (drug_a: string, drug_b: string, level: string): DrugInteraction => ({ drug_a, drug_b, level }) as DrugInteraction;
const SIX = [
  pair('Aspirin', 'Ibuprofen', 'minor'),
  pair('Warfarin', 'Aspirin', 'major'),
  pair('Lisinopril', 'Potassium Chloride', 'moderate'),
  pair('Simvastatin', 'Grapefruit Extract', 'severe-ish'),
  pair('Metformin', 'Contrast Dye', 'major'),
  pair('Omeprazole', 'Clopidogrel', 'moderate'),
];
const items = () => screen.getAllByRole('article');
const pairs = () => items().map((item) => within(item).getByRole('heading').textContent);

describe('Rx Interactions', () => {
  it('on the dashboard shows the 3 most severe, each level as a word, and links to /rxInteractions', async () => {
    serveInteractions(SIX);
    const onStatus = jest.fn();
    renderPage(<RxInteractionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(screen.getByRole('status')).toHaveTextContent('Loading Rx Interactions');
    await screen.findByRole('list', { name: 'Drug interactions' });
    expect(pairs()).toEqual(['Warfarin and Aspirin', 'Metformin and Contrast Dye', 'Lisinopril and Potassium Chloride']);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    expect(items().map((item) => within(item).getByText(/interaction$/).textContent)).toEqual([
      'Major interaction',
      'Major interaction',
      'Moderate interaction',
    ]);
    expect(screen.getByText(/Showing 3 of 6 interactions/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See all Rx Interactions' })).toHaveAttribute('href', '/rxInteractions');
    expect(onStatus.mock.calls).toEqual([['pending'], ['success']]);
  });

  it('gives each level its own shape and class besides the word; an unknown level reads Unknown', async () => {
    serveInteractions(SIX);
    renderPage(<RxInteractionsWidget variant="page" />, '/rxInteractions');
    await screen.findByRole('list', { name: 'Drug interactions' });
    expect(pairs()).toHaveLength(6);
    const levelOf = (heading: string) => within(screen.getByRole('article', { name: heading })).getByText(/interaction$/);
    expect(levelOf('Aspirin and Ibuprofen')).toHaveTextContent('Minor interaction');
    expect(levelOf('Simvastatin and Grapefruit Extract')).toHaveTextContent('Unknown interaction');
    const shapes = [
      'Warfarin and Aspirin',
      'Lisinopril and Potassium Chloride',
      'Aspirin and Ibuprofen',
      'Simvastatin and Grapefruit Extract',
    ].map((heading) => levelOf(heading).parentElement!.querySelector('svg')!.innerHTML);
    expect(new Set(shapes).size).toBe(4);
    expect(pairs().at(-1)).toBe('Simvastatin and Grapefruit Extract');
  });

  it("links each drug to the FDA's label search in a new tab, saying so", async () => {
    serveInteractions([pair('Warfarin', 'Aspirin', 'major')]);
    renderPage(<RxInteractionsWidget variant="page" />, '/rxInteractions');
    const link = await screen.findByRole('link', { name: 'Look up Warfarin at the FDA (opens in a new tab)' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin).toBe('https://www.accessdata.fda.gov');
    expect(url.searchParams.get('searchterm')).toBe('Warfarin');
    expect(screen.getByRole('link', { name: 'Look up Aspirin at the FDA (opens in a new tab)' })).toBeInTheDocument();
  });

  it('says it found no interactions when the member has drugs but none interact', async () => {
    serveInteractions([]);
    const drugRequests = serveRxHistory(buildRxHistory(2));
    const onStatus = jest.fn();
    renderPage(<RxInteractionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText(NONE)).toBeInTheDocument();
    expect(screen.queryByText('No Rx Interactions found')).not.toBeInTheDocument();
    expect(drugRequests).toEqual([{ limit: '1', cursor: null, sort: null }]);
    expect(onStatus).toHaveBeenLastCalledWith('success');
  });

  it('names the drugs it could not check and what it checked against, under the list and under "no interactions"', async () => {
    serveInteractions(SIX.slice(0, 2), ['Fish oil', 'NDC 99999999999']);
    const { unmount } = renderPage(<RxInteractionsWidget variant="page" />, '/rxInteractions');
    await screen.findByRole('list', { name: 'Drug interactions' });
    const note = screen.getByText(/We could not check these drugs, because their drug codes are missing or unknown to us/).parentElement!;
    expect(
      within(note)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Fish oil', 'NDC 99999999999']);
    expect(screen.getByText('Checked against the ONC drug-drug interaction lists (as of Apr 4, 2014).')).toBeInTheDocument();
    unmount();

    // Drugs it could not check are drugs: no interactions found, not "no drugs", and no need to ask for them.
    serveInteractions([], ['Fish oil']);
    const drugRequests = serveRxHistory([]);
    renderPage(<RxInteractionsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText(NONE)).toBeInTheDocument();
    expect(screen.getByText(/We could not check this drug, because its drug code is missing or unknown to us/)).toBeInTheDocument();
    expect(screen.getByText('Fish oil')).toBeInTheDocument();
    expect(drugRequests).toEqual([]);
  });

  it('with no drugs at all shows the missing state with the way to link an insurer', async () => {
    serveInteractions([]);
    serveRxHistory([]);
    renderPage(<RxInteractionsWidget variant="dashboard" />, '/app/dashboard');
    expect(await screen.findByText('No Rx Interactions found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Link Insurance Company' })).toHaveAttribute('href', '/insuranceSelect');
    expect(screen.queryByText(NONE)).not.toBeInTheDocument();
  });

  it('does not ask for the drugs when there are interactions', async () => {
    serveInteractions(SIX.slice(0, 1));
    const drugRequests = serveRxHistory([]);
    renderPage(<RxInteractionsWidget variant="dashboard" />, '/app/dashboard');
    await screen.findByRole('list', { name: 'Drug interactions' });
    expect(drugRequests).toEqual([]);
  });

  it('on a failed fetch shows the error state, reports it and tries again on request', async () => {
    const log = serveErrorLog();
    serveInteractions({ status: 500 });
    const onStatus = jest.fn();
    renderPage(<RxInteractionsWidget variant="dashboard" onStatus={onStatus} />, '/app/dashboard');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('failed');
    await waitFor(() => expect(log.map((entry) => entry.errorType)).toEqual(['RX_INTERACTIONS_FETCH_ERROR']));
    expect(log[0].errorDetails).toMatchObject({ endpoint: '/api/drugInteractions', status: 500 });

    const retry = deferredReply();
    serveApi({ 'GET /api/drugInteractions': retry.handler });
    await setupUser().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Loading Rx Interactions…')).toBeInTheDocument();
    expect(onStatus).toHaveBeenLastCalledWith('pending');
    retry.release({ status: 200, body: { interactions: SIX, asOf: '2014-04-04', source: 'the lists', unchecked: [] } });
    await screen.findByRole('list', { name: 'Drug interactions' });
    expect(onStatus.mock.calls.map(([status]) => status)).toEqual(['pending', 'failed', 'pending', 'success']);
  });
});

describe('/rxInteractions', () => {
  it('has a title, an intro, a Back link, and every interaction', async () => {
    serveInteractions(SIX);
    renderPage(<RxInteractionsPage />, '/rxInteractions');
    expect(screen.getByRole('heading', { level: 1, name: 'Rx Interactions' })).toBeInTheDocument();
    expect(screen.getByText(/Drugs you take that may affect each other/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    await screen.findByRole('list', { name: 'Drug interactions' });
    expect(pairs()).toHaveLength(6);
    expect(screen.queryByRole('link', { name: /See all/ })).not.toBeInTheDocument();
  });

  it('toasts once when the fetch fails', async () => {
    serveErrorLog();
    serveInteractions({ status: 502 });
    renderPage(<RxInteractionsPage />, '/rxInteractions');
    expect(await screen.findByText(FAILED)).toBeInTheDocument();
    expect(await screen.findByText(TOAST)).toBeInTheDocument();
    expect(screen.getAllByText(TOAST)).toHaveLength(1);
  });
});
