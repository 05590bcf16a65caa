import type { PollingEventResponse } from '@healthlink/contracts';
import { MIN_POLL_INTERVAL_MS, pollDelayMs, pollEvent, PollingTimeoutError, responseMessage } from '../polling-event';

const event = (status: PollingEventResponse['status'], pollInterval = 500, response: unknown = null): PollingEventResponse => ({
  status,
  pollInterval,
  response,
});

/** A reader answering the given events in turn, recording when (fake clock) it was asked. */
function reader(events: PollingEventResponse[]) {
  const askedAt: number[] = [];
  const getEvent = jest.fn(async (id: string) => {
    askedAt.push(Date.now());
    expect(id).toBe('ev-1');
    return events[Math.min(askedAt.length - 1, events.length - 1)];
  });
  return { getEvent, askedAt };
}

describe('pollEvent', () => {
  beforeEach(() => jest.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => jest.useRealTimers());

  it('waits the server pollInterval between reads and resolves with the first event that is not pending', async () => {
    const { getEvent, askedAt } = reader([event('pending', 700), event('pending', 1200), event('complete', 0, { ok: 1 })]);
    const done = pollEvent('ev-1', { getEvent });
    await jest.advanceTimersByTimeAsync(700);
    await jest.advanceTimersByTimeAsync(1200);
    await expect(done).resolves.toEqual(event('complete', 0, { ok: 1 }));
    expect(askedAt.map((at) => at - 1_000_000)).toEqual([0, 700, 1900]);
  });

  it('never asks faster than the minimum interval, whatever the server says', async () => {
    const { getEvent, askedAt } = reader([event('pending', 10), event('missing')]);
    const done = pollEvent('ev-1', { getEvent });
    await jest.advanceTimersByTimeAsync(MIN_POLL_INTERVAL_MS);
    await expect(done).resolves.toMatchObject({ status: 'missing' });
    expect(askedAt[1] - askedAt[0]).toBe(MIN_POLL_INTERVAL_MS);
    expect(pollDelayMs(event('pending', Number.NaN))).toBe(1000);
  });

  it('stops with PollingTimeoutError once the cap would be passed', async () => {
    const { getEvent } = reader([event('pending', 1000)]);
    const done = pollEvent('ev-1', { getEvent, maxWaitMs: 2500 });
    const outcome = expect(done).rejects.toBeInstanceOf(PollingTimeoutError);
    await jest.advanceTimersByTimeAsync(2000);
    await outcome;
    expect(getEvent).toHaveBeenCalledTimes(3);
  });

  it('rejects with the abort reason and asks no more once aborted', async () => {
    const { getEvent } = reader([event('pending', 1000)]);
    const controller = new AbortController();
    const done = pollEvent('ev-1', { getEvent, signal: controller.signal });
    const outcome = expect(done).rejects.toBe('left the page');
    await jest.advanceTimersByTimeAsync(10);
    controller.abort('left the page');
    await outcome;
    await jest.advanceTimersByTimeAsync(5000);
    expect(getEvent).toHaveBeenCalledTimes(1);
  });

  it('passes on a failed read', async () => {
    const getEvent = jest.fn().mockRejectedValue(new Error('down'));
    await expect(pollEvent('ev-1', { getEvent })).rejects.toThrow('down');
  });
});

describe('responseMessage', () => {
  it('is the response message when there is one', () => {
    expect(responseMessage(event('failed', 0, { message: 'Provider down' }))).toBe('Provider down');
    expect(responseMessage(event('failed', 0, 'Drug not found'))).toBeNull();
    expect(responseMessage(undefined)).toBeNull();
  });
});
