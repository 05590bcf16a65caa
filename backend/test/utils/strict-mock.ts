/**
 * A typed mock whose every method is a jest.fn that throws until the test stubs it: a call the test did not
 * expect fails loudly instead of answering undefined.
 */
export function strictMock<T extends object>(): jest.Mocked<T> {
  const fns = new Map<PropertyKey, jest.Mock>();
  return new Proxy({} as jest.Mocked<T>, {
    get(_target, key) {
      if (key === 'then') return undefined;
      if (!fns.has(key)) {
        fns.set(
          key,
          jest.fn(() => {
            throw new Error(`unexpected call: ${String(key)}`);
          }),
        );
      }
      return fns.get(key);
    },
  });
}
