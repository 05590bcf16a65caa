import { act, screen, within } from '@testing-library/react';
import { toast } from 'react-hot-toast';
import { FETCH_OPERATIONS, InsurerTexts, type FetchOperation, type InsurerKey, type PollingEventResponse } from '@healthlink/contracts';
import { buildUnsignedToken, TOKEN_KEY } from '@healthlink/web-runtime';
import { allCalls, callsTo, serveApi, type ApiHandler, type ApiReply } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { InsurerCallbackPage } from '../routes/InsurerCallbackPage';

const OPERATIONS = Object.keys(FETCH_OPERATIONS) as FetchOperation[];
// The page polls at least every 250 ms whatever the server says; the backend's default is 1000.
const POLL_MS = 250;

/**
 * The backend as the page sees it: the code exchange and every fetch answer a polling event at once; a fetch's
 * event stays pending until the test releases it. The auth event ends as `auth` says.
 */
function fakeBackend(
  insurer: InsurerKey,
  {
    auth = { status: 'complete', response: { insurer, linked: true } },
    outcomes = {},
    extra = {},
  }: {
    auth?: Pick<PollingEventResponse, 'status' | 'response'>;
    outcomes?: Partial<Record<FetchOperation, Pick<PollingEventResponse, 'status' | 'response'> | 'network-error'>>;
    extra?: Record<string, ApiHandler>;
  } = {},
) {
  const released = new Set<FetchOperation>();
  const handlers: Record<string, ApiHandler> = {
    [`POST /api/insurerDataFetch/${insurer}Fetch/oauth2/tokenCallback`]: { status: 202, body: { pollingEventID: 'auth-1' } },
    'GET /api/pollingEvent/auth-1': { status: 200, body: { ...auth, pollInterval: POLL_MS } },
  };
  for (const operation of OPERATIONS) {
    handlers[`POST /api/insurerDataFetch/${insurer}Fetch/${operation}`] = { status: 202, body: { pollingEventID: `event-${operation}` } };
    handlers[`GET /api/pollingEvent/event-${operation}`] = (): ApiReply => {
      if (!released.has(operation)) return { status: 200, body: { status: 'pending', pollInterval: POLL_MS, response: null } };
      const outcome = outcomes[operation] ?? { status: 'complete', response: { insurer, operation, count: 3 } };
      return outcome === 'network-error' ? outcome : { status: 200, body: { ...outcome, pollInterval: POLL_MS } };
    };
  }
  serveApi({ ...handlers, ...extra });
  return {
    release: (...operations: FetchOperation[]) => operations.forEach((operation) => released.add(operation)),
    /** The fetch operations started, in the order they were asked for. */
    started: () =>
      allCalls()
        .map((call) => `${call.method} ${call.path}`)
        .flatMap((key) => {
          const match = new RegExp(`^POST /api/insurerDataFetch/${insurer}Fetch/(get\\w+)$`).exec(key);
          return match ? [match[1]] : [];
        }),
  };
}

/** Moves the fake clock, then lets what that set off (answers, renders, effects, zero-delay timers) settle. */
async function advance(ms: number) {
  await act(() => jest.advanceTimersByTimeAsync(ms));
  for (let i = 0; i < 5; i++) await act(() => jest.advanceTimersByTimeAsync(0));
}
const location = () => screen.getByTestId('location');
const bar = () => screen.getByRole('progressbar');
const message = () => within(bar().parentElement as HTMLElement).getByRole('status');
const expectProgress = (value: number, text: string) => {
  expect(bar()).toHaveAttribute('aria-valuenow', String(value));
  expect(message()).toHaveTextContent(text);
};

const renderCallback = (insurer: string, query: string) =>
  renderPage(<InsurerCallbackPage />, `/intermediary/${insurer}?${query}`, { routePath: '/intermediary/:insurerPathParam' });

describe('/intermediary/{insurer}', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    localStorage.setItem(TOKEN_KEY, buildUnsignedToken({ sub: 'u-1', exp: Math.floor(Date.now() / 1000) + 3600 }));
  });
  afterEach(() => {
    act(() => toast.remove());
    jest.useRealTimers();
    localStorage.clear();
  });

  it('exchanges the code, gathers the data in two waves with a progress bar, then goes to the dashboard a second after 100%', async () => {
    const backend = fakeBackend('uhcSandbox');
    renderCallback('uhcSandbox', 'code=abc&state=st-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Connecting Your Insurance' })).toBeInTheDocument();
    expect(bar()).toHaveAccessibleName('Gathering your data from UnitedHealthcare Sandbox');
    expectProgress(0, 'Authenticating');

    await advance(50);
    // The code and state go to the server; never a user id: the session says who.
    expect(callsTo('POST /api/insurerDataFetch/uhcSandboxFetch/oauth2/tokenCallback').map((c) => c.body)).toEqual([
      { authCode: 'abc', state: 'st-1' },
    ]);
    expectProgress(20, 'Initializing');
    expect(backend.started()).toEqual(['getPatientInformation', 'getPatientCondition', 'getPatientEncounter']);
    expect(callsTo('POST /api/insurerDataFetch/uhcSandboxFetch/getPatientCondition').map((c) => c.body)).toEqual([{}]);

    await advance(1000);
    expectProgress(30, 'Gathering your demographics...');
    await advance(1000);
    expectProgress(40, 'Gathering your conditions...');
    backend.release('getPatientCondition');
    await advance(1000);
    expectProgress(50, 'Gathering your demographics...');
    expect(backend.started()).toHaveLength(3);

    backend.release('getPatientInformation', 'getPatientEncounter');
    await advance(POLL_MS + 50);
    // The second wave starts only once the whole first wave has ended.
    expect(backend.started()).toEqual([
      'getPatientInformation',
      'getPatientCondition',
      'getPatientEncounter',
      'getPatientEOB',
      'getPatientDrugs',
    ]);

    await advance(1000);
    expectProgress(60, 'Gathering your');
    expect(message().textContent).toMatch(/^Gathering your (claims|prescriptions)\.\.\.$/);
    await advance(3000);
    expectProgress(90, 'Finalizing');
    await advance(3000);
    expectProgress(90, 'Finalizing');

    backend.release('getPatientEOB', 'getPatientDrugs');
    await advance(POLL_MS + 50);
    // Ended 50-300 ms ago: the redirect waits a second after 100%.
    expectProgress(100, 'Redirecting');
    await advance(650);
    expect(location()).toHaveTextContent('/intermediary/uhcSandbox');
    await advance(350);
    expect(location()).toHaveTextContent(/^\/app\/dashboard$/);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each<[InsurerKey, FetchOperation[], FetchOperation[]]>([
    ['humana', ['getPatientInformation', 'getPatientCondition', 'getPatientCoverage'], ['getPatientEOB', 'getPatientDrugs']],
    ['blueButtonSandbox', ['getPatientInformation'], ['getPatientEOB']],
    ['aetnaSandbox', ['getPatientInformation'], ['getPatientEOB', 'getPatientDrugs']],
    ['kaiserSandbox', [], ['getPatientEOB']],
  ])('asks %s for its own set, first wave %j, then %j', async (insurer, first, second) => {
    const backend = fakeBackend(insurer);
    renderCallback(insurer, 'code=abc&state=st-1');
    await advance(50);
    expect(backend.started()).toEqual(first.length > 0 ? first : second);
    backend.release(...first);
    await advance(POLL_MS + 50);
    expect(backend.started()).toEqual([...first, ...second]);
    backend.release(...second);
    await advance(POLL_MS + 50);
    expectProgress(100, 'Redirecting');
    await advance(1000);
    expect(location()).toHaveTextContent(/^\/app\/dashboard$/);
  });

  it("toasts a failed operation's message, lets the others go on, and still goes to the dashboard; missing data is fine", async () => {
    const backend = fakeBackend('humana', {
      outcomes: {
        getPatientCoverage: { status: 'failed', response: { insurer: 'humana', message: 'Coverage is not available right now.' } },
        getPatientCondition: { status: 'missing', response: { insurer: 'humana', operation: 'getPatientCondition', count: 0 } },
        getPatientDrugs: { status: 'failed', response: { insurer: 'humana' } },
      },
    });
    renderCallback('humana', 'code=abc&state=st-1');
    await advance(50);
    backend.release(...OPERATIONS);
    await advance(POLL_MS + 50);
    expect(await screen.findByText('Coverage is not available right now.')).toBeInTheDocument();
    expect(backend.started()).toEqual([
      'getPatientInformation',
      'getPatientCondition',
      'getPatientCoverage',
      'getPatientEOB',
      'getPatientDrugs',
    ]);
    await advance(POLL_MS + 50);
    expect(screen.getByText(InsurerTexts.fetchFailed)).toBeInTheDocument();
    expectProgress(100, 'Redirecting');
    await advance(1000);
    expect(location()).toHaveTextContent(/^\/app\/dashboard$/);
  });

  it('shows the Authentication Error page with the reason when the code exchange does not complete', async () => {
    const backend = fakeBackend('cignaSandbox', {
      auth: { status: 'failed', response: { insurer: 'cignaSandbox', message: 'The insurer refused the code.' } },
    });
    renderCallback('cignaSandbox', 'code=abc&state=st-1');
    await advance(50);
    expect(screen.getByRole('heading', { level: 1, name: 'Error Gathering Data' })).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Error: Authentication Error');
    expect(alert).toHaveTextContent('Description: The insurer refused the code.');
    await advance(5000);
    expect(backend.started()).toEqual([]);
    expect(location()).toHaveTextContent('/intermediary/cignaSandbox');
  });

  it('shows the Authentication Error page when the server refuses the state (an old or reused link)', async () => {
    fakeBackend('aetna', {
      extra: {
        'POST /api/insurerDataFetch/aetnaFetch/oauth2/tokenCallback': {
          status: 400,
          body: {
            code: 'INSURERS.STATE_INVALID',
            message: InsurerTexts.stateInvalid,
            errors: [{ field: 'state', message: InsurerTexts.stateInvalid }],
          },
        },
      },
    });
    renderCallback('aetna', 'code=abc&state=old');
    await advance(50);
    expect(screen.getByRole('alert')).toHaveTextContent(`Error: Authentication Error`);
    expect(screen.getByRole('alert')).toHaveTextContent(`Description: ${InsurerTexts.stateInvalid}`);
  });

  it('toasts and goes to the dashboard at once when the server cannot be reached', async () => {
    fakeBackend('uhc', { extra: { 'POST /api/insurerDataFetch/uhcFetch/oauth2/tokenCallback': 'network-error' } });
    renderCallback('uhc', 'code=abc&state=st-1');
    await advance(50);
    expect(location()).toHaveTextContent(/^\/app\/dashboard$/);
    expect(screen.getByText('Something went wrong, please try again later.')).toBeInTheDocument();
  });

  it('toasts and goes to the dashboard at once when polling a fetch fails', async () => {
    const backend = fakeBackend('blueButtonSandbox', { outcomes: { getPatientInformation: 'network-error' } });
    renderCallback('blueButtonSandbox', 'code=abc&state=st-1');
    await advance(50);
    backend.release('getPatientInformation');
    await advance(POLL_MS + 50);
    expect(location()).toHaveTextContent(/^\/app\/dashboard$/);
    expect(screen.getByText('Something went wrong, please try again later.')).toBeInTheDocument();
    expect(backend.started()).toEqual(['getPatientInformation']);
  });

  it('shows the error page from the query, with Dashboard and Select Another Insurance, and calls nothing', async () => {
    serveApi({});
    renderCallback('blueButtonSandbox', 'error=access_denied&error_description=The+member+denied+access&state=st-1');
    expect(screen.getByRole('heading', { level: 1, name: 'Error Gathering Data' })).toBeInTheDocument();
    expect(screen.getByText('Error:').parentElement).toHaveTextContent('Error: access_denied');
    expect(screen.getByText('Description:').parentElement).toHaveTextContent('Description: The member denied access');
    expect(screen.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/app/dashboard');
    expect(screen.getByRole('link', { name: 'Select Another Insurance' })).toHaveAttribute('href', '/insuranceSelect');
    await advance(2000);
    expect(allCalls()).toHaveLength(0);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('shows the error page for an error_description alone', () => {
    serveApi({});
    renderCallback('aetna', 'error_description=Something+broke');
    expect(screen.getByRole('alert')).toHaveTextContent('Error: Not provided');
    expect(screen.getByRole('alert')).toHaveTextContent('Description: Something broke');
  });

  it('shows the error page for an insurer it does not know, without calling the server', async () => {
    serveApi({});
    renderCallback('acmeHealth', 'code=abc&state=st-1');
    expect(screen.getByRole('alert')).toHaveTextContent(`Error: ${InsurerTexts.unknownInsurer}`);
    await advance(100);
    expect(allCalls()).toHaveLength(0);
  });
});
