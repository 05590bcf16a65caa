import { InsurerTexts, type FetchOperation, type PollingEventResponse } from '@healthlink/contracts';
import { ApiError } from '@healthlink/web-runtime';
import type { StartedFetch } from '../api/start-fetches';
import { runInsurerCallback, type CallbackProgressEvent, type InsurerCallbackApi } from '../lib/run-insurer-callback';

const POLL_MS = 250;
const REFUSED: FetchOperation = 'getPatientEncounter';
const pending: PollingEventResponse = { status: 'pending', pollInterval: POLL_MS, response: null } as PollingEventResponse;
const ended = (status: string, response: unknown = {}) => ({ status, pollInterval: POLL_MS, response }) as PollingEventResponse;
const started = (operation: FetchOperation, problem: string | null = null): StartedFetch => ({
  operation,
  pollingEventID: problem ? null : `event-${operation}`,
  problem,
});

/** A fake server: each event answers its list of replies in turn, the last one from then on. */
function fakeApi(events: Record<string, PollingEventResponse[]>, overrides: Partial<InsurerCallbackApi> = {}) {
  const polls: string[] = [];
  const api: InsurerCallbackApi = {
    exchange: jest.fn(async () => ({ pollingEventID: 'auth' })),
    startFetches: jest.fn(async (operations: readonly FetchOperation[]) => operations.map((operation) => started(operation))),
    getPollingEvent: jest.fn(async (id: string) => {
      polls.push(id);
      const replies = events[id] ?? [ended('complete')];
      return replies.length > 1 ? (replies.shift() as PollingEventResponse) : replies[0];
    }),
    ...overrides,
  };
  return { api, polls };
}

async function run(api: InsurerCallbackApi, waves: FetchOperation[][], signal = new AbortController().signal) {
  const progress: CallbackProgressEvent[] = [];
  const result = runInsurerCallback(api, { waves }, (event) => progress.push(event), signal);
  await jest.advanceTimersByTimeAsync(10 * POLL_MS);
  return { result: await result, progress };
}

describe('runInsurerCallback', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('authenticates, then runs the waves one after the other, polling each event until it ends', async () => {
    const { api, polls } = fakeApi({
      auth: [pending, ended('complete')],
      'event-getPatientCondition': [pending, pending, ended('complete')],
    });
    const { result, progress } = await run(api, [['getPatientInformation', 'getPatientCondition'], ['getPatientEOB']]);

    expect(result).toEqual({ outcome: 'done' });
    expect(api.startFetches).toHaveBeenNthCalledWith(1, ['getPatientInformation', 'getPatientCondition']);
    expect(api.startFetches).toHaveBeenNthCalledWith(2, ['getPatientEOB']);
    expect(polls.filter((id) => id === 'auth')).toHaveLength(2);
    expect(polls.filter((id) => id === 'event-getPatientCondition')).toHaveLength(3);
    expect(polls.indexOf('event-getPatientEOB')).toBeGreaterThan(polls.lastIndexOf('event-getPatientCondition'));
    expect(progress).toEqual([
      { type: 'gathering', wave: 0, pending: ['getPatientInformation', 'getPatientCondition'] },
      { type: 'gathering', wave: 0, pending: ['getPatientInformation', 'getPatientCondition'] },
      { type: 'gathering', wave: 0, pending: ['getPatientCondition'] },
      { type: 'gathering', wave: 0, pending: [] },
      { type: 'gathering', wave: 1, pending: ['getPatientEOB'] },
      { type: 'gathering', wave: 1, pending: ['getPatientEOB'] },
      { type: 'gathering', wave: 1, pending: [] },
    ]);
  });

  it('reports each failed operation once its wave has ended, takes missing data as no failure, and goes on', async () => {
    const { api } = fakeApi(
      { 'event-getPatientCondition': [ended('failed', { message: 'Insurer timed out' })], 'event-getPatientEOB': [ended('missing')] },
      { startFetches: jest.fn(async (ops: readonly FetchOperation[]) => ops.map((op) => started(op, op === REFUSED ? 'Refused' : null))) },
    );
    const { result, progress } = await run(api, [
      ['getPatientCondition', 'getPatientEncounter'],
      ['getPatientEOB', 'getPatientDrugs'],
    ]);
    expect(result).toEqual({ outcome: 'done' });
    expect(progress.filter((event) => event.type === 'problem')).toEqual([
      { type: 'problem', operation: 'getPatientEncounter', message: 'Refused' },
      { type: 'problem', operation: 'getPatientCondition', message: 'Insurer timed out' },
    ]);
  });

  it('fails the sign-in with the reason when the code is refused or the exchange does not complete', async () => {
    const badState = new ApiError(400, { code: 'INSURERS.STATE_INVALID', message: 'Bad state' });
    const refused = fakeApi({}, { exchange: jest.fn(async () => Promise.reject(badState)) });
    expect((await run(refused.api, [['getPatientEOB']])).result).toEqual({
      outcome: 'failed',
      failure: { error: InsurerTexts.authenticationError, description: 'Bad state' },
    });
    expect(refused.api.startFetches).not.toHaveBeenCalled();

    const incomplete = fakeApi({ auth: [ended('failed')] });
    expect((await run(incomplete.api, [['getPatientEOB']])).result).toEqual({
      outcome: 'failed',
      failure: { error: InsurerTexts.authenticationError, description: InsurerTexts.authenticationFailed },
    });
  });

  it('stops as unreachable when the server fails: the exchange, a wave start or a poll', async () => {
    const down = () => Promise.reject(new ApiError(503, { code: 'SERVICE.UNAVAILABLE', message: 'Down' }));
    for (const overrides of [{ exchange: jest.fn(down) }, { startFetches: jest.fn(down) }, { getPollingEvent: jest.fn(down) }]) {
      const { api } = fakeApi({}, overrides);
      expect((await run(api, [['getPatientEOB']])).result).toEqual({ outcome: 'unreachable' });
    }
  });

  it('rejects and polls no more once its signal aborts', async () => {
    const { api, polls } = fakeApi({ auth: [pending] });
    const controller = new AbortController();
    const result = runInsurerCallback(api, { waves: [['getPatientEOB']] }, () => undefined, controller.signal);
    const settled = expect(result).rejects.toBeDefined();
    await jest.advanceTimersByTimeAsync(POLL_MS);
    controller.abort();
    const pollsAtAbort = polls.length;
    await jest.advanceTimersByTimeAsync(10 * POLL_MS);
    await settled;
    expect(polls).toHaveLength(pollsAtAbort);
    expect(api.startFetches).not.toHaveBeenCalled();
  });
});
