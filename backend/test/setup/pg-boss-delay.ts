// pg-boss 10 require()s node:timers/promises inside every delay() call, and the loop its stop() leaves behind
// can still call delay() a second later, after Jest has torn the test file down, where require() throws
// ("Test suite failed to run"). The same delay with the module taken once, up front; production is untouched.
jest.mock('pg-boss/src/tools', () => {
  const { setTimeout: sleep } = jest.requireActual<typeof import('node:timers/promises')>('node:timers/promises');
  function delay(ms: number, error?: string): Promise<void> & { abort: () => void } {
    const ac = new AbortController();
    const promise = new Promise<void>((resolve, reject) => {
      sleep(ms, null, { signal: ac.signal })
        .then(() => (error ? reject(new Error(error)) : resolve()))
        .catch(() => resolve());
    }) as Promise<void> & { abort: () => void };
    promise.abort = () => {
      if (!ac.signal.aborted) ac.abort();
    };
    return promise;
  }
  return { delay };
});
