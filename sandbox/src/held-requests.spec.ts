import { delayMsProblem, HeldRequests, MAX_HOLD_MS } from './held-requests';

describe('held requests (the partners’ failure switch)', () => {
  afterEach(() => jest.useRealTimers());

  it('answers "elapsed" once the delay has passed, and forgets the request', async () => {
    jest.useFakeTimers();
    const held = new HeldRequests();
    const waited = held.hold(1_000);
    expect(held.size).toBe(1);
    jest.advanceTimersByTime(999);
    await Promise.resolve();
    expect(held.size).toBe(1);
    jest.advanceTimersByTime(1);
    await expect(waited).resolves.toBe('elapsed');
    expect(held.size).toBe(0);
  });

  it('answers "closed" at once for every request when released, and a later release is harmless', async () => {
    const held = new HeldRequests();
    const first = held.hold(MAX_HOLD_MS);
    const second = held.hold(MAX_HOLD_MS);
    held.releaseAll();
    await expect(Promise.all([first, second])).resolves.toEqual(['closed', 'closed']);
    expect(held.size).toBe(0);
    held.releaseAll();
    const third = held.hold(5);
    await expect(third).resolves.toBe('elapsed');
  });

  it('accepts a missing delayMs or a whole number from 0 to ten minutes, and names the field otherwise', () => {
    expect(delayMsProblem(undefined)).toBeNull();
    expect(delayMsProblem(0)).toBeNull();
    expect(delayMsProblem(MAX_HOLD_MS)).toBeNull();
    for (const bad of [-1, 1.5, MAX_HOLD_MS + 1, '100', null]) {
      expect(delayMsProblem(bad)).toBe('delayMs must be an integer from 0 to 600000');
    }
  });
});
