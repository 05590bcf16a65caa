import { ApiError } from '../../api/api-error';
import { TOKEN_KEY } from '../../session/session';
import { buildUnsignedToken } from '../../session/unsigned-token';
import { ClientErrorType, clientHost, errorDetailsOf, reportClientError, reportFetchFailure } from '../error-reporter';

const fetchMock = jest.fn();

const sentBody = (call = 0) => JSON.parse(fetchMock.mock.calls[call][1].body);

describe('the error reporter (part 2 §7, §8)', () => {
  let warn: jest.SpyInstance;

  beforeEach(() => {
    localStorage.clear();
    fetchMock.mockReset();
    fetchMock.mockResolvedValue({ ok: true, status: 201, text: async () => '{"id":"e1"}' });
    globalThis.fetch = fetchMock;
    warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(() => warn.mockRestore());

  it('posts userId, insurerName, host "frontend-prod/{hostname}", errorType and errorDetails', async () => {
    const token = buildUnsignedToken({ sub: 'user-7', exp: Math.floor(Date.now() / 1000) + 600 });
    localStorage.setItem(TOKEN_KEY, token);
    await reportClientError({ errorType: ClientErrorType.PlanRanksFetchError, insurerName: 'planRanks', errorDetails: { status: 502 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/errors/log');
    expect(init.method).toBe('POST');
    expect(init.headers.Authorization).toBe(`Bearer ${token}`);
    expect(sentBody()).toEqual({
      userId: 'user-7',
      insurerName: 'planRanks',
      host: 'frontend-prod/localhost',
      errorType: 'PLAN_RANKS_FETCH_ERROR',
      errorDetails: { status: 502 },
    });
  });

  it('sends userId null for a visitor', async () => {
    await reportClientError({ errorType: ClientErrorType.OpenAiChatException });
    expect(sentBody()).toMatchObject({ userId: null, insurerName: null, errorDetails: {} });
  });

  it.each([
    ['an error answer', { ok: false, status: 429, text: async () => '{"code":"AUTH.RATE_LIMITED","message":"Too many"}' }, 'status 429'],
    ['no answer', null, 'no answer'],
  ])('a failure to report (%s) goes to the console only, and never rejects', async (_case, response, why) => {
    if (response) fetchMock.mockResolvedValue(response);
    else fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    await expect(reportClientError({ errorType: ClientErrorType.SpendingFetchError })).resolves.toBeUndefined();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(`Could not report SPENDING_FETCH_ERROR (${why})`);
  });

  it('an API failure is an _ERROR with status and code; the endpoint loses its query string', async () => {
    const error = new ApiError(503, { code: 'COMMON.UNAVAILABLE', message: 'Service unavailable' });
    await reportFetchFailure(
      { error: ClientErrorType.HealthHistoryFetchError, exception: ClientErrorType.HealthHistoryFetchException },
      error,
      '/api/explanationOfBenefits?search=diabetes&limit=3',
    );
    expect(sentBody()).toMatchObject({
      errorType: 'HEALTH_HISTORY_FETCH_ERROR',
      errorDetails: { endpoint: '/api/explanationOfBenefits', status: 503, code: 'COMMON.UNAVAILABLE', message: 'Service unavailable' },
    });
    expect(JSON.stringify(sentBody())).not.toContain('diabetes');
  });

  it('anything thrown (or no answer at all) is an _EXCEPTION with name, message and the top of the stack', async () => {
    const thrown = new TypeError('rows.map is not a function');
    await reportFetchFailure(
      { error: ClientErrorType.RxHistoryFetchError, exception: ClientErrorType.RxHistoryFetchException },
      thrown,
      '/api/userDrugs',
    );
    expect(sentBody()).toMatchObject({
      errorType: 'RX_HISTORY_FETCH_EXCEPTION',
      errorDetails: { endpoint: '/api/userDrugs', name: 'TypeError', message: 'rows.map is not a function' },
    });
    expect(sentBody().errorDetails.stack.split('\n').length).toBeLessThanOrEqual(8);

    const offline = new ApiError(0, { code: 'NETWORK.UNREACHABLE', message: 'The server could not be reached.' });
    await reportFetchFailure(
      { error: ClientErrorType.RxHistoryFetchError, exception: ClientErrorType.RxHistoryFetchException },
      offline,
      '/api/userDrugs',
    );
    expect(sentBody(1).errorType).toBe('RX_HISTORY_FETCH_EXCEPTION');
  });

  it('details of a thrown non-error, and the host of another hostname', () => {
    expect(errorDetailsOf('boom')).toEqual({ message: 'boom' });
    expect(clientHost('app.example.org')).toBe('frontend-prod/app.example.org');
  });
});
